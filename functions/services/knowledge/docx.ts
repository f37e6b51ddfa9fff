/// <reference path="./saxen.d.ts" />
import { strFromU8, unzipSync } from 'fflate';
import { Parser } from 'saxen';

const BODY = 'word/document.xml';

/**
 * The text of a DOCX: the zip is opened with fflate, word/document.xml read with the saxen SAX
 * parser. Text runs (w:t) join into paragraphs (w:p); a table row (w:tr) becomes one line with its
 * cells (w:tc) separated by " | ", so a price row stays together. Throws when it is not a DOCX.
 */
export function docxText(bytes: Uint8Array): string {
  const files = unzipSync(bytes, { filter: (file) => file.name === BODY });
  const xml = files[BODY];
  if (!xml) throw new Error(`${BODY} is missing`);
  const lines: string[] = [];
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
      else lines.push(paragraph);
      paragraph = '';
    } else if (name === 'w:tc' && cell) {
      row?.push(cell.filter(Boolean).join(' '));
      cell = null;
    } else if (name === 'w:tr' && row) {
      lines.push(row.join(' | '));
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
  return lines.join('\n').trim();
}
