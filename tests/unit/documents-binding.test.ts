import { describe, expect, it } from 'vitest';
import { documentsHandler } from '../../functions/documents/handler';
import { DOCUMENTS_LIMITS } from '../../functions/documents/protocol';
import { BoundDocuments, type FetcherLike } from '../../functions/ports/documents-binding';
import type { ParseOutcome } from '../../functions/ports/parser';
import type { PdfRenderer } from '../../functions/ports/pdf';

const SECRET = 'documents-unit-test-secret-0123456789';
const PDF = new TextEncoder().encode('%PDF-1.7 drawn');

/** The documents Worker's handler with stand-in readers, called as a service binding would call it. */
function boundTo(work: { parse?: (name: string) => Promise<ParseOutcome>; pdf?: Partial<PdfRenderer> }) {
  const handle = documentsHandler(SECRET, {
    parser: {
      parse: work.parse ?? (async () => ({ ok: true, chunks: [{ text: 'Price list', source: '' }] })),
    },
    pdf: { invoice: async () => PDF, act: async () => PDF, ...work.pdf },
  });
  const calls: Request[] = [];
  const binding: FetcherLike = {
    fetch: (input, init) => {
      const request = new Request(input, init);
      calls.push(request.clone());
      return handle(request);
    },
  };
  return { binding, calls };
}

const never: FetcherLike = { fetch: () => new Promise<Response>(() => undefined) };

describe('the documents ports over the DOCUMENTS binding', () => {
  it('reads a document and draws a PDF through the documents Worker, the secret on every call', async () => {
    const { binding, calls } = boundTo({});
    const documents = new BoundDocuments(binding, SECRET);
    expect(await documents.parse('prices.pdf', new Uint8Array([1, 2, 3]))).toEqual({
      ok: true,
      chunks: [{ text: 'Price list', source: '' }],
    });
    expect(await documents.invoice({} as never)).toEqual(PDF);
    expect(await documents.act({} as never)).toEqual(PDF);
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual([
      '/parse',
      '/render/invoice',
      '/render/act',
    ]);
    expect(new URL(calls[0]?.url ?? '').searchParams.get('name')).toBe('prices.pdf');
  });

  it('a refused call (a wrong secret) throws, so the indexing job is retried rather than the file failed', async () => {
    const { binding } = boundTo({});
    const documents = new BoundDocuments(binding, `${SECRET}-wrong`);
    await expect(documents.parse('prices.pdf', new Uint8Array([1]))).rejects.toThrow(/answered 401/);
    await expect(documents.invoice({} as never)).rejects.toThrow(/answered 401/);
  });

  it('a document still being read past the time limit fails with file_parse_limit, as in the Node thread', async () => {
    const documents = new BoundDocuments(never, SECRET, {
      ...DOCUMENTS_LIMITS,
      parseTimeMs: 50,
      renderTimeMs: 50,
    });
    expect(await documents.parse('slow.pdf', new Uint8Array([1]))).toEqual({
      ok: false,
      reason: 'file_parse_limit',
    });
    await expect(documents.invoice({} as never)).rejects.toThrow(/took over 50 ms/);
    const overCpu: FetcherLike = {
      fetch: async () => Promise.reject(new Error('Worker exceeded CPU time limit.')),
    };
    expect(await new BoundDocuments(overCpu, SECRET).parse('heavy.pdf', new Uint8Array([1]))).toEqual({
      ok: false,
      reason: 'file_parse_limit',
    });
  });

  it('an answer over its limit is not read whole, and impossible invoice data stays a RangeError', async () => {
    const { binding } = boundTo({
      pdf: {
        invoice: async () => new Uint8Array(2048),
        act: async () => {
          throw new RangeError('an act needs items');
        },
      },
    });
    const documents = new BoundDocuments(binding, SECRET, { ...DOCUMENTS_LIMITS, pdfAnswerBytes: 1024 });
    await expect(documents.invoice({} as never)).rejects.toThrow(/over 1024 bytes/);
    await expect(documents.act({} as never)).rejects.toBeInstanceOf(RangeError);
  });

  it('data over the bound is refused before any call', async () => {
    const { binding, calls } = boundTo({});
    const documents = new BoundDocuments(binding, SECRET);
    const huge = { basis: 'x'.repeat(DOCUMENTS_LIMITS.renderBodyBytes) };
    await expect(documents.invoice(huge as never)).rejects.toBeInstanceOf(RangeError);
    expect(calls).toEqual([]);
  });
});
