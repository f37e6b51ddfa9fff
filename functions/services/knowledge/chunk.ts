import type { Section } from './parse';

/** Characters a chunk aims at (about 250 tokens) and never exceeds. */
export const CHUNK_TARGET = 1000;
const CHUNK_MAX = 1500;

export interface Chunk {
  text: string;
  source: string;
}

/** Splits a piece longer than CHUNK_MAX at sentence ends, then at spaces, then anywhere. */
function pieces(paragraph: string): string[] {
  if (paragraph.length <= CHUNK_MAX) return [paragraph];
  const out: string[] = [];
  let rest = paragraph;
  while (rest.length > CHUNK_MAX) {
    const window = rest.slice(0, CHUNK_MAX);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
    const space = window.lastIndexOf(' ');
    const cut = sentence > CHUNK_TARGET / 2 ? sentence + 1 : space > CHUNK_TARGET / 2 ? space : CHUNK_MAX;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * Chunks of a document: lines and paragraphs are packed together up to CHUNK_TARGET characters
 * without crossing a section (page, sheet); a chunk starts with the last line of the one before,
 * so a question about the boundary still finds its context.
 */
export function chunkSections(sections: Section[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    const lines = section.text
      .split(/\n/)
      .map((line) => line.replace(/[ \t]+/g, ' ').trim())
      .filter(Boolean)
      .flatMap(pieces);
    let current: string[] = [];
    let length = 0;
    for (const line of lines) {
      if (length + line.length > CHUNK_TARGET && length > 0) {
        chunks.push({ text: current.join('\n'), source: section.source });
        const last = current.at(-1) ?? '';
        current = last.length < CHUNK_TARGET / 4 ? [last] : [];
        length = current.reduce((sum, kept) => sum + kept.length + 1, 0);
      }
      current.push(line);
      length += line.length + 1;
    }
    if (current.length > 0) chunks.push({ text: current.join('\n'), source: section.source });
  }
  return chunks;
}
