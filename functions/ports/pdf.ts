import type { ActData, InvoiceData } from '../payments/invoice/document-parts';

export type { ActData, InvoiceData } from '../payments/invoice/document-parts';

/**
 * Draws invoice and act PDFs apart from the request path (ARCHITECTURE §2 "Heavy, rare work"): in
 * the process in Node, in the documents Worker on Workers (the API Worker never loads pdfmake or
 * the fonts). Rejects with RangeError on impossible data (no items, a bad date).
 */
export interface PdfRenderer {
  invoice(data: InvoiceData): Promise<Uint8Array>;
  act(data: ActData): Promise<Uint8Array>;
}
