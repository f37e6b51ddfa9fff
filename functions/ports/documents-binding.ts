import { readAtMost } from '../documents/bounded-body';
import {
  DOCUMENTS_LIMITS,
  DOCUMENTS_ORIGIN,
  DOCUMENTS_PATHS,
  DOCUMENTS_SECRET_HEADER,
} from '../documents/protocol';
import type { DocumentParser, ParseOutcome } from './parser';
import type { ActData, InvoiceData, PdfRenderer } from './pdf';

/** The part of a Workers service binding used here (so this file compiles without Workers types). */
export interface FetcherLike {
  fetch(input: string, init: RequestInit): Promise<Response>;
}

class TimedOut extends Error {}

/** How workerd fails a call whose callee broke its CPU or memory limit (the document's doing). */
const LIMIT_BROKEN = /exceeded (its )?(CPU|memory|resource)/i;

/**
 * Both document ports over the documents Worker's service binding (wrangler.toml binds DOCUMENTS):
 * every call carries the shared secret and is bounded in what it sends, what it reads back and how
 * long it waits. A document that breaks the time limit, or the documents Worker's CPU or memory
 * limit, fails with `file_parse_limit`, as in Node's thread; a refused or broken call throws, so the
 * indexing job is retried.
 */
export class BoundDocuments implements DocumentParser, PdfRenderer {
  constructor(
    private readonly binding: FetcherLike,
    private readonly secret: string,
    private readonly limits: typeof DOCUMENTS_LIMITS = DOCUMENTS_LIMITS,
  ) {}

  async parse(name: string, bytes: Uint8Array): Promise<ParseOutcome> {
    if (bytes.byteLength > this.limits.parseBodyBytes) return { ok: false, reason: 'file_parse_limit' };
    const path = `${DOCUMENTS_PATHS.parse}?name=${encodeURIComponent(name.slice(-this.limits.nameChars))}`;
    try {
      const body = await this.call(path, bytes, 'application/octet-stream', this.limits.parseAnswerBytes, {
        timeMs: this.limits.parseTimeMs,
      });
      return JSON.parse(new TextDecoder().decode(body)) as ParseOutcome;
    } catch (error) {
      const broke = error instanceof TimedOut || (error instanceof Error && LIMIT_BROKEN.test(error.message));
      if (!broke) throw error;
      console.warn(
        `reading ${name} broke the documents Worker's limits (${(error as Error).message || 'time'})`,
      );
      return { ok: false, reason: 'file_parse_limit' };
    }
  }

  invoice(data: InvoiceData): Promise<Uint8Array> {
    return this.render(DOCUMENTS_PATHS.invoice, data);
  }

  act(data: ActData): Promise<Uint8Array> {
    return this.render(DOCUMENTS_PATHS.act, data);
  }

  private async render(path: string, data: InvoiceData | ActData): Promise<Uint8Array> {
    const json = new TextEncoder().encode(JSON.stringify(data));
    if (json.byteLength > this.limits.renderBodyBytes) throw new RangeError('document data too large');
    try {
      return await this.call(path, json, 'application/json', this.limits.pdfAnswerBytes, {
        timeMs: this.limits.renderTimeMs,
      });
    } catch (error) {
      if (error instanceof TimedOut) throw new Error(`rendering took over ${this.limits.renderTimeMs} ms`);
      throw error;
    }
  }

  /** One bounded call; the answer's bytes, or an error naming what went wrong (never the secret). */
  private async call(
    path: string,
    body: Uint8Array,
    contentType: string,
    answerLimit: number,
    { timeMs }: { timeMs: number },
  ): Promise<Uint8Array> {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new TimedOut());
      }, timeMs);
    });
    try {
      return await Promise.race([
        (async () => {
          const response = await this.binding.fetch(`${DOCUMENTS_ORIGIN}${path}`, {
            method: 'POST',
            headers: { [DOCUMENTS_SECRET_HEADER]: this.secret, 'content-type': contentType },
            body: body as Uint8Array<ArrayBuffer>,
            signal: abort.signal,
          });
          if (response.status === 422) {
            await response.body?.cancel();
            throw new RangeError(`the documents Worker refused the data of ${path}`);
          }
          if (!response.ok) {
            await response.body?.cancel();
            throw new Error(`the documents Worker answered ${response.status} to ${path}`);
          }
          const answer = await readAtMost(response.body, answerLimit);
          if (!answer)
            throw new Error(`the documents Worker's answer to ${path} is over ${answerLimit} bytes`);
          return answer;
        })(),
        deadline,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
