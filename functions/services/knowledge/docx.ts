/// <reference path="./saxen.d.ts" />
import { strFromU8 } from 'fflate';
import { Parser } from 'saxen';
import { unzipWithin } from './zip';

const BODY = 'word/document.xml';

/**
 * Reads a DOCX line by line: word/document.xml is unpacked within the limits (zip.ts) and read with
 * the saxen SAX parser. Text runs (w:t) join into paragraphs (w:p); a table row (w:tr) becomes one
 * line with its cells (w:tc) separated by " | ", so a price row stays together. Throws when it is
 * not a DOCX, or when `line` throws (too many chunks): reading stops there.
 */
export function readDocx(bytes: Uint8Array, line: (text: string) => void): void {
  const xml = unzipWithin(bytes, (name) => name === BODY).get(BODY);
  if (!xml) throw new Error(`${BODY} is missing`);
  let paragraph = '';
  let cell: string[] | null = null;
  let row: string[] | null = null;
  let inText = false;
  const parser = new Parser();
  parser.on('openTag', (name, _attrs, _decode, selfClosing) => {
    if (name === 'w:t' && !selfClosing) inText = true;
    else if (name === 'w:tab') paragraph += '\t';
    else if (name === 'w:br' || name === 'w:cr') paragraph += '\n';
    else if (name === 'w:tr' && !selfClosing) row = [];
    else if (name === 'w:tc' && !selfClosing) cell = [];
  });
  parser.on('closeTag', (name) => {
    if (name === 'w:t') inText = false;
    else if (name === 'w:p') {
      if (cell) cell.push(paragraph.trim());
      else line(paragraph);
      paragraph = '';
    } else if (name === 'w:tc' && cell) {
      row?.push(cell.filter(Boolean).join(' '));
      cell = null;
    } else if (name === 'w:tr' && row) {
      line(row.join(' | '));
      row = null;
    }
  });
  parser.on('text', (value, decode) => {
    if (inText) paragraph += decode(value);
  });
  parser.on('error', (error) => {
    throw error;
  });
  parser.parse(strFromU8(xml));
}

/** The whole text of a DOCX (see readDocx). */
export function docxText(bytes: Uint8Array): string {
  const lines: string[] = [];
  readDocx(bytes, (text) => lines.push(text));
  return lines.join('\n').trim();
}
