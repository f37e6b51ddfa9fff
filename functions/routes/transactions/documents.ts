import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { actPdf, invoicePdf } from '../../services/payments/invoice-documents';

const pdfResponse = (document: { pdf: Uint8Array; filename: string }) =>
  new Response(new Blob([document.pdf as Uint8Array<ArrayBuffer>]), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${document.filename}"`,
      'cache-control': 'private, no-store',
    },
  });

export const invoicePdfHandlers = factory.createHandlers(async (c) =>
  pdfResponse(await invoicePdf(accountContext(c), c.req.param('id') ?? '')),
);

export const actPdfHandlers = factory.createHandlers(async (c) =>
  pdfResponse(await actPdf(accountContext(c), c.req.param('id') ?? '')),
);
