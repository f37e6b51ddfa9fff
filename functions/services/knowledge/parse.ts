import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/universal';
import { extractText, getDocumentProxy } from 'unpdf';
import { extensionOf } from '../../shared/knowledge';
import { docxText } from './docx';

/** A part of a document's text and where it came from (a page, a sheet), for the chunk's source. */
export interface Section {
  text: string;
  source: string;
}

/** The document cannot be read; `reason` is a message key the file shows. */
export class UnreadableFile extends Error {
  constructor(readonly reason: 'file_unreadable' | 'file_no_text') {
    super(reason);
  }
}

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

async function pdfSections(bytes: Uint8Array): Promise<Section[]> {
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map((page, i) => ({ text: page, source: `p. ${i + 1}` }));
}

function docxSections(bytes: Uint8Array): Section[] {
  return [{ text: docxText(bytes), source: '' }];
}

async function xlsxSections(bytes: Uint8Array): Promise<Section[]> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const sheets = await readXlsxFile(buffer);
  return sheets.map((sheet) => ({ text: tableLines(sheet.data as Cell[][]), source: sheet.sheet }));
}

function csvSections(bytes: Uint8Array): Section[] {
  const parsed = Papa.parse<string[]>(decodeText(bytes).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  return [{ text: tableLines(parsed.data), source: '' }];
}

/**
 * A document's text by its extension (SPEC §5 vector storage types). Throws UnreadableFile when
 * the bytes are not what the extension says, or hold no text (a scanned PDF without a text layer).
 */
export async function documentSections(name: string, bytes: Uint8Array): Promise<Section[]> {
  let sections: Section[];
  try {
    switch (extensionOf(name)) {
      case 'pdf':
        sections = await pdfSections(bytes);
        break;
      case 'docx':
        sections = docxSections(bytes);
        break;
      case 'xlsx':
        sections = await xlsxSections(bytes);
        break;
      case 'csv':
        sections = csvSections(bytes);
        break;
      default:
        sections = [{ text: decodeText(bytes).replace(/^\uFEFF/, ''), source: '' }];
    }
  } catch (error) {
    console.warn(`reading ${extensionOf(name)} failed`, error instanceof Error ? error.message : error);
    throw new UnreadableFile('file_unreadable');
  }
  const kept = sections
    .map((section) => ({ ...section, text: section.text.replaceAll('\u0000', '').trim() }))
    .filter((section) => section.text);
  if (kept.length === 0) throw new UnreadableFile('file_no_text');
  return kept;
}
