import { zipSync } from 'fflate';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/universal';
import { extensionOf } from '../../shared/knowledge';
import { type Chunk, Chunker } from './chunk';
import { readDocx } from './docx';
import { MAX_CHUNKS, type ReadFailure, UnreadableFile } from './limits';
import { readPdf } from './pdf';
import { unzipWithin } from './zip';

export { UnreadableFile } from './limits';

/** Plain text: UTF-8 (with or without BOM), else Windows-1251, as older Russian files are. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

type Cell = string | number | boolean | Date | null | undefined;

const cellText = (cell: Cell): string =>
  cell instanceof Date
    ? cell.toISOString().slice(0, 10)
    : cell === null || cell === undefined
      ? ''
      : String(cell).trim();

/**
 * A table as lines the model and the search can use without the header row: each row becomes
 * "Header: value; Header: value", so a row found alone still says what its numbers are.
 */
export function tableLines(rows: Cell[][]): string {
  const nonEmpty = rows.map((row) => row.map(cellText)).filter((row) => row.some(Boolean));
  const [header, ...body] = nonEmpty;
  if (!header) return '';
  const named = header.filter(Boolean).length >= Math.ceil(header.length / 2);
  if (!named || body.length === 0) return nonEmpty.map((row) => row.filter(Boolean).join('; ')).join('\n');
  return body
    .map((row) =>
      row
        .map((value, i) => (value ? (header[i] ? `${header[i]}: ${value}` : value) : ''))
        .filter(Boolean)
        .join('; '),
    )
    .join('\n');
}

/**
 * The workbook's XML is unpacked within the limits first and handed to read-excel-file as a stored
 * (uncompressed) zip, so the library never inflates anything itself.
 */
async function readXlsx(bytes: Uint8Array, chunker: Chunker): Promise<void> {
  const xml = unzipWithin(bytes, (name) => name.endsWith('.xml') || name.endsWith('.xml.rels'));
  const stored = zipSync(Object.fromEntries(xml), { level: 0 });
  const buffer = stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength) as ArrayBuffer;
  for (const sheet of await readXlsxFile(buffer))
    chunker.section(tableLines(sheet.data as Cell[][]), sheet.sheet);
}

function readCsv(bytes: Uint8Array, chunker: Chunker): void {
  const parsed = Papa.parse<string[]>(decodeText(bytes).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  chunker.section(tableLines(parsed.data), '');
}

async function read(name: string, bytes: Uint8Array, chunker: Chunker): Promise<void> {
  switch (extensionOf(name)) {
    case 'pdf':
      return readPdf(bytes, chunker);
    case 'docx':
      readDocx(bytes, (line) => chunker.write(line, ''));
      return chunker.end();
    case 'xlsx':
      return readXlsx(bytes, chunker);
    case 'csv':
      return readCsv(bytes, chunker);
    default:
      return chunker.section(decodeText(bytes).replace(/^\uFEFF/, ''), '');
  }
}

/**
 * A document's chunks by its extension (SPEC §5 vector storage types), read within the limits of
 * limits.ts. Throws UnreadableFile when the bytes are not what the extension says, hold no text (a
 * scanned PDF without a text layer), or break a limit.
 */
export async function documentChunks(
  name: string,
  bytes: Uint8Array,
  maxChunks = MAX_CHUNKS,
): Promise<Chunk[]> {
  const chunker = new Chunker(maxChunks);
  try {
    await read(name, bytes, chunker);
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    console.warn(`reading ${extensionOf(name)} failed`, error instanceof Error ? error.message : error);
    throw new UnreadableFile('file_unreadable');
  }
  if (chunker.chunks.length === 0) throw new UnreadableFile('file_no_text');
  return chunker.chunks;
}

/** What reading a document gave: its chunks, or why it could not be read. */
export type ParseOutcome = { ok: true; chunks: Chunk[] } | { ok: false; reason: ReadFailure };

/** documentChunks as a value that crosses a thread boundary. */
export async function parseDocument(name: string, bytes: Uint8Array): Promise<ParseOutcome> {
  try {
    return { ok: true, chunks: await documentChunks(name, bytes) };
  } catch (error) {
    if (error instanceof UnreadableFile) return { ok: false, reason: error.reason };
    throw error;
  }
}
