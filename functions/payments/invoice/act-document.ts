/** The pdfmake definition of an act (акт об оказании услуг) closing an invoice. */
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatKopecks } from './amount-in-words';
import {
  type ActData,
  amountWords,
  computeTotals,
  itemsTable,
  pageSetup,
  partyLine,
  rule,
  totalsBlock,
} from './document-parts';
import { formatDocumentDate, documentTexts as t } from './texts';

export function actDocument(data: ActData): TDocumentDefinitions {
  const number = String(data.number);
  const date = formatDocumentDate(data.date);
  const vatRate = data.seller.vat_rate;
  const totals = computeTotals(data.items, vatRate);
  const title = t.act.title(number, date);
  const invoiceReference = t.act.invoiceReference(
    String(data.invoice.number),
    formatDocumentDate(data.invoice.date),
  );

  const row = (label: string, text: string, bold = true): TableCell[] => [
    { text: label },
    { text, bold, margin: [0, 0, 0, 6] },
  ];
  const signer = (label: string, name: string, person: string | null | undefined) => ({
    stack: [
      { text: label, bold: true },
      { text: name, margin: [0, 2, 0, 14] as [number, number, number, number] },
      { text: `${t.signatureBlank} ${person ?? ''}` },
      { text: t.signatureHint, fontSize: 7, margin: [30, 1, 0, 0] as [number, number, number, number] },
    ],
  });

  return pageSetup(title, [
    { text: title, bold: true, fontSize: 14 },
    { text: t.act.subtitle, fontSize: 10, margin: [0, 2, 0, 0] },
    rule(),
    {
      table: {
        widths: [80, '*'],
        body: [
          row(t.act.executor, partyLine(data.seller)),
          row(t.act.customer, partyLine(data.buyer)),
          row(t.act.basis, invoiceReference, false),
        ],
      },
      layout: 'noBorders',
    },
    itemsTable(totals, t.act.goods),
    totalsBlock(totals, vatRate),
    ...amountWords(t.act.itemsSummary(totals.lines.length, formatKopecks(totals.total)), totals.total),
    { text: t.act.statement, margin: [0, 10, 0, 0] },
    rule(),
    {
      columns: [
        signer(t.act.executorSignature, data.seller.name, data.seller.director_name),
        signer(t.act.customerSignature, data.buyer.name, null),
      ],
      columnGap: 30,
      margin: [0, 10, 0, 0],
    },
  ]);
}
