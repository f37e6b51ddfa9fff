/**
 * Hard limits on reading an uploaded document, applied before the expensive work in every shape
 * (issue #21 §2): a 24 KB PDF naming one page thousands of times, or a 600 KB DOCX inflating to
 * 250 MB, must be refused cheaply instead of stalling the server.
 */

/** A document bigger than this many chunks (~20 MB of text) is refused rather than half indexed. */
export const MAX_CHUNKS = 20_000;
/** Pages of a PDF, read from its page tree before any text is extracted. */
export const MAX_PDF_PAGES = 2_000;
/** Bytes of XML a DOCX or XLSX may unpack to, declared and actually inflated. */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** Entries in a zip's central directory. */
export const MAX_ZIP_ENTRIES = 10_000;

/** Why a document could not be read: message keys the file shows (functions/shared/knowledge-messages.ts). */
export type ReadFailure =
  | 'file_unreadable'
  | 'file_no_text'
  | 'file_too_many_chunks'
  | 'file_too_many_pages'
  | 'file_too_large_unpacked'
  | 'file_parse_limit';

/** The document cannot be read; `reason` is a message key the file shows. */
export class UnreadableFile extends Error {
  constructor(readonly reason: ReadFailure) {
    super(reason);
  }
}
