import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { actPdf, invoicePdf } from '../../services/payments/invoice-documents';

const pdfResponse = (document: { pdf: Uint8Array; filename: string }) =>
  new Response(new Blob([document.pdf as Uint8Array<ArrayBuffer>]), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${document.filename}"`,
      'cache-control': 'private, no-store',
    },
  });

export const invoicePdfHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Download an invoice PDF',
    description: 'The invoice of a transaction paid by bank transfer, as an `application/pdf` attachment.',
    ok: { description: 'The PDF file (application/pdf).' },
    errors: ['not_found', 'invoices_not_configured'],
  }),
  async (c) => pdfResponse(await invoicePdf(accountContext(c), c.req.param('id') ?? '')),
);

export const actPdfHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Download an act PDF',
    description:
      'The act (the closing document) of a paid invoice, as an `application/pdf` attachment; 404 until the invoice is paid.',
    ok: { description: 'The PDF file (application/pdf).' },
    errors: ['not_found', 'invoices_not_configured'],
  }),
  async (c) => pdfResponse(await actPdf(accountContext(c), c.req.param('id') ?? '')),
);
