/**
 * The documents Worker (wrangler.documents.toml): reads uploaded documents and draws invoice and act
 * PDFs for the API Worker, which reaches it only through its DOCUMENTS service binding. pdf.js,
 * pdfmake and the fonts live here, so the API Worker that takes every webhook never loads them.
 */
import * as v from 'valibot';
import { documentsHandler } from './documents/handler';
import { InlineParser } from './ports/parser-inline';
import { InlinePdf } from './ports/pdf-inline';

const configSchema = v.object({
  /** The same value as the API Worker's DOCUMENTS_SECRET. */
  DOCUMENTS_SECRET: v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
});

type Handle = (request: Request) => Promise<Response>;
let handle: Handle | undefined;

function start(env: Record<string, unknown>): Handle {
  const config = v.safeParse(configSchema, env);
  if (!config.success) {
    console.error('Invalid configuration: DOCUMENTS_SECRET must be set, at least 32 characters');
    return async () =>
      Response.json(
        { message: 'The documents Worker is not configured: DOCUMENTS_SECRET.' },
        { status: 500 },
      );
  }
  return documentsHandler(config.output.DOCUMENTS_SECRET, {
    parser: new InlineParser(),
    pdf: new InlinePdf(),
  });
}

export default {
  async fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    handle ??= start(env);
    try {
      return await handle(request);
    } catch (error) {
      console.error('the documents Worker failed', error);
      return Response.json({ message: 'internal error' }, { status: 500 });
    }
  },
};
