/**
 * Invoice and act PDFs. The same code runs in the documents Worker (workerd, no compatibility flags)
 * and in Node: pdfmake's self-contained browser build, fonts from a bundled base64 module, no file
 * system. Reached through the `pdf` port only (ports/pdf.ts), so the API Worker never bundles it.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { actDocument } from './act-document';
import type { ActData, InvoiceData } from './document-parts';
import { documentPdfMake } from './fonts';
import { invoiceDocument } from './invoice-document';

export type { ActData, DocumentItem, InvoiceData, InvoiceSeller } from './document-parts';

async function render(definition: TDocumentDefinitions): Promise<Uint8Array> {
  const buffer = await documentPdfMake().createPdf(definition).getBuffer();
  // A Buffer (Node) or the browser build's Buffer polyfill: hand out a plain view of the same bytes.
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** "Счёт на оплату № 42 от 23.11.2026" as PDF bytes. Rejects with RangeError on impossible data (no items, bad date). */
export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  return render(invoiceDocument(data));
}

/** "Акт № 17 от 30.11.2026" referring to its invoice, as PDF bytes. */
export async function renderActPdf(data: ActData): Promise<Uint8Array> {
  return render(actDocument(data));
}
