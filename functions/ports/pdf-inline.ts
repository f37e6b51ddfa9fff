import { renderActPdf, renderInvoicePdf } from '../payments/invoice/pdf';
import type { ActData, InvoiceData, PdfRenderer } from './pdf';

/** Draws PDFs in this process or isolate: the Node shape, tests, and the documents Worker itself. */
export class InlinePdf implements PdfRenderer {
  invoice(data: InvoiceData) {
    return renderInvoicePdf(data);
  }

  act(data: ActData) {
    return renderActPdf(data);
  }
}
