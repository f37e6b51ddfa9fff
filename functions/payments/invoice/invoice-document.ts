/** The pdfmake definition of an invoice (счёт на оплату) in the usual Russian layout. */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatKopecks } from './amount-in-words';
import {
  amountWords,
  computeTotals,
  type InvoiceData,
  type InvoiceSeller,
  itemsTable,
  pageSetup,
  partyLine,
  rule,
  signature,
  totalsBlock,
  vatPhrase,
} from './document-parts';
import { formatDocumentDate, documentTexts as t } from './texts';

/** The bank block at the top: the seller's bank, BIK, correspondent account, INN/KPP and current account. */
function bankBlock(seller: InvoiceSeller): Content {
  const caption = (text: string): Content => ({ text, fontSize: 7, margin: [0, 6, 0, 0] });
  const body: TableCell[][] = [
    [
      { stack: [{ text: seller.bank_name }, caption(t.invoice.bankOfRecipient)], colSpan: 2, rowSpan: 2 },
      {},
      { text: t.invoice.bik },
      { text: seller.bik, noWrap: true },
    ],
    [{}, {}, { text: t.invoice.accountNumber }, { text: seller.correspondent_account, noWrap: true }],
    [
      { text: `${t.inn} ${seller.inn}`, noWrap: true },
      { text: seller.kpp ? `${t.kpp} ${seller.kpp}` : '', noWrap: true },
      { text: t.invoice.accountNumber, rowSpan: 2 },
      { text: seller.account, rowSpan: 2, noWrap: true },
    ],
    [{ stack: [{ text: seller.name }, caption(t.invoice.recipient)], colSpan: 2 }, {}, {}, {}],
  ];
  return {
    table: { widths: ['*', '*', 40, 130], body },
    layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
    margin: [0, 0, 0, 14],
  };
}

function partiesBlock(data: InvoiceData): Content {
  const row = (label: string, text: string): TableCell[] => [
    { text: label },
    { text, bold: true, margin: [0, 0, 0, 6] },
  ];
  const body = [row(t.invoice.seller, partyLine(data.seller)), row(t.invoice.buyer, partyLine(data.buyer))];
  if (data.basis) body.push(row(t.invoice.basis, data.basis));
  return { table: { widths: [80, '*'], body }, layout: 'noBorders' };
}

export function invoiceDocument(data: InvoiceData): TDocumentDefinitions {
  const number = String(data.number);
  const date = formatDocumentDate(data.date);
  const vatRate = data.seller.vat_rate;
  const totals = computeTotals(data.items, vatRate);
  const title = t.invoice.title(number, date);
  const purpose = data.purpose || t.invoice.purpose(number, date, vatPhrase(totals, vatRate));
  return pageSetup(title, [
    bankBlock(data.seller),
    { text: title, bold: true, fontSize: 14 },
    rule(),
    partiesBlock(data),
    itemsTable(totals, t.invoice.goods),
    totalsBlock(totals, vatRate, t.invoice.totalToPay),
    ...amountWords(t.invoice.itemsSummary(totals.lines.length, formatKopecks(totals.total)), totals.total),
    {
      text: [{ text: `${t.invoice.purposeLabel} `, bold: true }, purpose],
      margin: [0, 8, 0, 0],
    },
    rule(),
    {
      columns: [
        signature(t.invoice.director, data.seller.director_name),
        signature(t.invoice.accountant, data.seller.accountant_name),
      ],
      columnGap: 20,
      margin: [0, 10, 0, 0],
    },
  ]);
}
