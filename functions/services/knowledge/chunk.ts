import { MAX_CHUNKS, UnreadableFile } from './limits';

/** Characters a chunk aims at (about 250 tokens) and never exceeds. */
export const CHUNK_TARGET = 1000;
const CHUNK_MAX = 1500;

export interface Chunk {
  text: string;
  source: string;
}

/** A part of a document's text and where it came from (a page, a sheet), for the chunk's source. */
export interface Section {
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
 * Chunks of a document as its text is read: lines and paragraphs are packed together up to
 * CHUNK_TARGET characters without crossing a section (page, sheet); a chunk starts with the last
 * line of the one before, so a question about the boundary still finds its context. Reading stops
 * with `file_too_many_chunks` as soon as there are more than `max` chunks, not after the whole file.
 */
export class Chunker {
  readonly chunks: Chunk[] = [];
  private current: string[] = [];
  private length = 0;
  private source = '';

  constructor(private readonly max = MAX_CHUNKS) {}

  /** A whole section: no chunk spans two sections. */
  section(text: string, source: string): void {
    this.write(text, source);
    this.end();
  }

  /** More text of the open section (`source` other than the open one's starts a new section). */
  write(text: string, source: string): void {
    if (source !== this.source) this.end();
    this.source = source;
    for (const raw of text.replaceAll('\u0000', '').split('\n')) {
      const line = raw.replace(/[ \t]+/g, ' ').trim();
      if (line) for (const piece of pieces(line)) this.line(piece);
    }
  }

  /** Ends the open section. */
  end(): void {
    if (this.current.length > 0) this.push(this.current.join('\n'));
    this.current = [];
    this.length = 0;
  }

  private line(line: string): void {
    if (this.length + line.length > CHUNK_TARGET && this.length > 0) {
      this.push(this.current.join('\n'));
      const last = this.current.at(-1) ?? '';
      this.current = last.length < CHUNK_TARGET / 4 ? [last] : [];
      this.length = this.current.reduce((sum, kept) => sum + kept.length + 1, 0);
    }
    this.current.push(line);
    this.length += line.length + 1;
  }

  private push(text: string): void {
    this.chunks.push({ text, source: this.source });
    if (this.chunks.length > this.max) throw new UnreadableFile('file_too_many_chunks');
  }
}

/** Chunks of whole sections (see Chunker). */
export function chunkSections(sections: Section[], max = Number.POSITIVE_INFINITY): Chunk[] {
  const chunker = new Chunker(max);
  for (const section of sections) chunker.section(section.text, section.source);
  return chunker.chunks;
}
