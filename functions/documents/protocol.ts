/**
 * How the API reaches the documents Worker (functions/documents-worker.ts) over its service binding:
 * the paths, the shared-secret header and the bounds both sides hold to. Nothing here may import the
 * parsers or the PDF writer: the API Worker bundles this file.
 */
import { MAX_FILE_BYTES, MAX_FILE_NAME } from '../shared/knowledge';

/** Any origin does: a service binding ignores the host and reaches the bound Worker. */
export const DOCUMENTS_ORIGIN = 'https://documents.internal';

export const DOCUMENTS_PATHS = {
  /** POST the document's bytes, `?name=` its file name: answers a ParseOutcome as JSON. */
  parse: '/parse',
  /** POST an InvoiceData as JSON: answers the PDF's bytes. */
  invoice: '/render/invoice',
  /** POST an ActData as JSON: answers the PDF's bytes. */
  act: '/render/act',
};

/** The shared secret (DOCUMENTS_SECRET) on every call; a binding is private, but a call proves itself. */
export const DOCUMENTS_SECRET_HEADER = 'x-documents-secret';

/** Bytes and times both sides hold a call to. */
export const DOCUMENTS_LIMITS = {
  /** A document to read: the upload limit. */
  parseBodyBytes: MAX_FILE_BYTES,
  /** The file name in `?name=`. */
  nameChars: MAX_FILE_NAME,
  /** An invoice's or an act's data as JSON. */
  renderBodyBytes: 256 * 1024,
  /** Chunks as JSON: MAX_CHUNKS chunks of at most 1,500 characters, escaped, with their sources. */
  parseAnswerBytes: 96 * 1024 * 1024,
  /** A rendered invoice or act (a few dozen KB with its font subset). */
  pdfAnswerBytes: 8 * 1024 * 1024,
  /** A document still being read after this long is given up: `file_parse_limit`, as in Node's thread. */
  parseTimeMs: 30_000,
  /** A PDF not drawn after this long fails the download (the caller may try again). */
  renderTimeMs: 20_000,
};
