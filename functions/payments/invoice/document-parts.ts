/**
 * The data of an invoice and an act, and the pdfmake pieces both documents share (party lines, the
 * items table, the totals). Pure: builds document definitions, renders nothing.
 */
import type { Content, ContentTable, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountInWords, formatKopecks } from './amount-in-words';
import type { InvoiceRequisites } from './requisites';
import { documentTexts as t } from './texts';

/** The family name the fonts are registered under (fonts.ts). */
export const DOCUMENT_FONT = 'DejaVuSans';

/** Our company, from configuration: the same details as a buyer's, plus the VAT setting and signers. */
export interface InvoiceSeller extends InvoiceRequisites {
  /** null: the seller pays no VAT (УСН), "Без НДС" is printed; a percentage: prices include VAT at that rate. */
  vat_rate: number | null;
  /** "Иванов И. И." under the director's (or the entrepreneur's) signature; a blank line when absent. */
  director_name?: string | null;
  accountant_name?: string | null;
}

/** One line of goods or services. Prices are integer kopecks; the line amount is price × quantity. */
export interface DocumentItem {
  name: string;
  /** A whole number of units, at least 1. */
  quantity: number;
  /** "усл." (`documentTexts.units.service`) or "шт.". */
  unit: string;
  price: number;
}

export interface InvoiceData {
  /** Shown as is: "42". */
  number: string | number;
  /** The calendar date, "YYYY-MM-DD" (see `calendarDate` for Moscow time). */
  date: string;
  seller: InvoiceSeller;
  buyer: InvoiceRequisites;
  items: DocumentItem[];
  /** Printed after "Основание:" (e.g. the offer agreement); omitted when absent. */
  basis?: string | null;
  /** The payment purpose; by default "Оплата по счёту № 42 от 23.11.2026. Без НДС". */
  purpose?: string | null;
}

export interface ActData {
  number: string | number;
  date: string;
  /** The invoice the act closes. */
  invoice: { number: string | number; date: string };
  seller: InvoiceSeller;
  buyer: InvoiceRequisites;
  items: DocumentItem[];
}

export interface Totals {
  lines: { item: DocumentItem; amount: number }[];
  total: number;
  /** VAT included in the total, kopecks; null without VAT. */
  vat: number | null;
}

export function computeTotals(items: readonly DocumentItem[], vatRate: number | null): Totals {
  if (items.length === 0) throw new RangeError('a document needs at least one item');
  const lines = items.map((item) => {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new RangeError(`item quantity ${item.quantity} is not a whole number from 1`);
    }
    if (!Number.isSafeInteger(item.price) || item.price < 0) {
      throw new RangeError(`item price ${item.price} is not a whole, non-negative number of kopecks`);
    }
    return { item, amount: item.price * item.quantity };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (!Number.isSafeInteger(total)) throw new RangeError('the document total is too large');
  if (vatRate !== null && !(Number.isFinite(vatRate) && vatRate >= 0 && vatRate < 100)) {
    throw new RangeError(`VAT rate ${vatRate} is not a percentage`);
  }
  const vat = vatRate === null ? null : Math.round((total * vatRate) / (100 + vatRate));
  return { lines, total, vat };
}

/** "Без НДС" or "В том числе НДС (20%): 200,00" — the phrase used in the payment purpose. */
export function vatPhrase(totals: Totals, vatRate: number | null): string {
  if (vatRate === null || totals.vat === null) return t.noVat;
  return `${t.vatIncluded(vatRate)} ${formatKopecks(totals.vat)} ${t.currencyShort}`;
}

/** "ООО «Ромашка», ИНН 7723456782, КПП 772301001, 123456, г. Москва, …" */
export function partyLine(party: InvoiceRequisites): string {
  const ids = [`${t.inn} ${party.inn}`];
  if (party.kpp) ids.push(`${t.kpp} ${party.kpp}`);
  return [party.name, ...ids, party.legal_address].filter(Boolean).join(', ');
}

const money = (kopecks: number) => ({ text: formatKopecks(kopecks), noWrap: true });

/** №, goods, quantity, unit, price, amount. */
export function itemsTable(totals: Totals, goodsHeader: string): ContentTable {
  const header: TableCell[] = [
    t.table.index,
    goodsHeader,
    t.table.quantity,
    t.table.unit,
    t.table.price,
    t.table.amount,
  ].map((text) => ({ text, bold: true, alignment: 'center' }));
  const rows: TableCell[][] = totals.lines.map(({ item, amount }, index) => [
    { text: String(index + 1), alignment: 'center' },
    { text: item.name },
    { text: String(item.quantity), alignment: 'right' },
    { text: item.unit, alignment: 'center' },
    { ...money(item.price), alignment: 'right' },
    { ...money(amount), alignment: 'right' },
  ]);
  return {
    table: { headerRows: 1, widths: [18, '*', 42, 30, 68, 72], body: [header, ...rows] },
    layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, paddingTop: () => 3, paddingBottom: () => 3 },
    margin: [0, 10, 0, 6],
  };
}

/** Right-aligned "Итого", the VAT row and an optional bold last row. */
export function totalsBlock(totals: Totals, vatRate: number | null, toPayLabel?: string): Content {
  type Cell = { text: string; bold?: boolean; noWrap?: boolean };
  const vatRow: Cell[] =
    vatRate === null || totals.vat === null
      ? [{ text: t.noVat, bold: true }, { text: '—' }]
      : [{ text: t.vatIncluded(vatRate), bold: true }, money(totals.vat)];
  const body: Cell[][] = [[{ text: t.total, bold: true }, money(totals.total)], vatRow];
  if (toPayLabel)
    body.push([
      { text: toPayLabel, bold: true },
      { ...money(totals.total), bold: true },
    ]);
  return {
    table: {
      widths: ['*', 80],
      body: body.map((row) => row.map((cell): TableCell => ({ ...cell, alignment: 'right' }))),
    },
    layout: 'noBorders',
  };
}

/** "Одна тысяча двести рублей 00 копеек", bold, after the summary line. */
export function amountWords(summary: string, total: number): Content[] {
  return [
    { text: summary, margin: [0, 8, 0, 0] },
    { text: amountInWords(total), bold: true, margin: [0, 2, 0, 0] },
  ];
}

/** A full-width rule under a title. */
export function rule(width = 2): Content {
  return { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: width }], margin: [0, 4, 0, 8] };
}

/** "Руководитель ________ (Иванов И. И.)" style signature cell. */
export function signature(label: string, name: string | null | undefined): Content {
  return {
    columns: [
      { text: label, bold: true, width: 'auto' },
      { text: t.signatureBlank, width: 'auto', margin: [6, 0, 6, 0] },
      { text: name ?? '', width: '*' },
    ],
    columnGap: 0,
  };
}

/** A4 portrait in DejaVu Sans 9 pt. */
export function pageSetup(
  title: string,
  content: Content[],
): Pick<TDocumentDefinitions, 'content' | 'pageSize' | 'pageMargins' | 'defaultStyle' | 'info'> {
  return {
    info: { title },
    pageSize: 'A4',
    pageMargins: [40, 36, 40, 40],
    defaultStyle: { font: DOCUMENT_FONT, fontSize: 9, lineHeight: 1.15 },
    content,
  };
}
