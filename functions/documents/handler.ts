import type { DocumentParser } from '../ports/parser';
import type { PdfRenderer } from '../ports/pdf';
import { sameSecret } from '../shared/same-secret';
import { readAtMost } from './bounded-body';
import { DOCUMENTS_LIMITS, DOCUMENTS_PATHS, DOCUMENTS_SECRET_HEADER } from './protocol';

export interface DocumentsWork {
  parser: DocumentParser;
  pdf: PdfRenderer;
}

const refuse = (status: number, message: string) => Response.json({ message }, { status });

const pdfAnswer = (bytes: Uint8Array) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/pdf' } });

async function parse(request: Request, work: DocumentsWork): Promise<Response> {
  const name = new URL(request.url).searchParams.get('name') ?? '';
  if (!name || name.length > DOCUMENTS_LIMITS.nameChars) return refuse(400, 'a file name is required');
  const bytes = await readAtMost(request.body, DOCUMENTS_LIMITS.parseBodyBytes);
  if (!bytes) return refuse(413, `a document is at most ${DOCUMENTS_LIMITS.parseBodyBytes} bytes`);
  return Response.json(await work.parser.parse(name, bytes));
}

async function render(request: Request, draw: (data: never) => Promise<Uint8Array>): Promise<Response> {
  const bytes = await readAtMost(request.body, DOCUMENTS_LIMITS.renderBodyBytes);
  if (!bytes) return refuse(413, `document data is at most ${DOCUMENTS_LIMITS.renderBodyBytes} bytes`);
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return refuse(400, 'the document data is not JSON');
  }
  if (typeof data !== 'object' || data === null) return refuse(400, 'the document data is not an object');
  try {
    return pdfAnswer(await draw(data as never));
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) return refuse(422, error.message);
    throw error;
  }
}

/**
 * The documents Worker's requests: reading an uploaded document into chunks and drawing an invoice
 * or an act. Only a call with the shared secret is served, whatever the path.
 */
export function documentsHandler(secret: string, work: DocumentsWork) {
  return async (request: Request): Promise<Response> => {
    if (!sameSecret(request.headers.get(DOCUMENTS_SECRET_HEADER) ?? '', secret))
      return refuse(401, 'the documents secret is missing or wrong');
    if (request.method !== 'POST') return refuse(405, 'only POST is served');
    switch (new URL(request.url).pathname) {
      case DOCUMENTS_PATHS.parse:
        return parse(request, work);
      case DOCUMENTS_PATHS.invoice:
        return render(request, (data: Parameters<PdfRenderer['invoice']>[0]) => work.pdf.invoice(data));
      case DOCUMENTS_PATHS.act:
        return render(request, (data: Parameters<PdfRenderer['act']>[0]) => work.pdf.act(data));
      default:
        return refuse(404, 'no such operation');
    }
  };
}
