import { describe, expect, it } from 'vitest';
import { DEFAULT_THREAD_LIMITS, ThreadParser } from '../../functions/ports/parser-thread';
import { Chunker } from '../../functions/services/knowledge/chunk';
import { readDocx } from '../../functions/services/knowledge/docx';
import { MAX_PDF_PAGES, MAX_UNPACKED_BYTES, UnreadableFile } from '../../functions/services/knowledge/limits';
import { documentChunks } from '../../functions/services/knowledge/parse';
import { unzipWithin } from '../../functions/services/knowledge/zip';
import { docxBomb, pdfNamingOnePage, pdfOfManyPages, xlsxBomb, zipOf } from '../support/document-bombs';
import { docxWith, pdfWith } from '../support/documents';

const MB = 1024 * 1024;

/** What `work` was refused with ('read' when it was not). */
async function refusal(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    return { reason: error instanceof UnreadableFile ? error.reason : String(error) };
  }
  return { reason: 'read' };
}

/** Bytes of array buffers allocated meanwhile: what inflating would have cost. */
const allocatedSince = (before: number) => process.memoryUsage().arrayBuffers - before;

describe('a PDF page tree', () => {
  it('claiming more pages than the cap is refused before any text is read', async () => {
    const bomb = pdfNamingOnePage(4000);
    expect(bomb.length).toBeLessThan(30_000);
    const refused = await refusal(() => documentChunks('bomb.pdf', bomb));
    expect(refused.reason).toBe('file_too_many_pages');
  });

  it('naming the same page again within the cap is refused at the repeat', async () => {
    const bomb = pdfNamingOnePage(MAX_PDF_PAGES - 1);
    const refused = await refusal(() => documentChunks('bomb.pdf', bomb));
    expect(refused.reason).toBe('file_too_many_pages');
    // One page named once is an ordinary document.
    expect(await documentChunks('one.pdf', pdfNamingOnePage(1))).toEqual([
      { text: 'Hello page', source: 'p. 1' },
    ]);
  });
});

describe('zip documents', () => {
  it('refuses a DOCX and an XLSX whose XML declares more than the cap, before inflating', async () => {
    for (const [name, bomb] of [
      ['bomb.docx', await docxBomb(200 * MB)],
      ['bomb.xlsx', await xlsxBomb(200 * MB)],
    ] as const) {
      expect(bomb.length).toBeLessThan(1 * MB);
      const before = process.memoryUsage().arrayBuffers;
      const refused = await refusal(() => documentChunks(name, bomb));
      expect(refused, name).toMatchObject({ reason: 'file_too_large_unpacked' });
      // Refused from the central directory: nothing near the cap was inflated.
      expect(allocatedSince(before), name).toBeLessThan(10 * MB);
    }
  }, 30_000);

  it('caps the inflation itself when the central directory lies about the sizes', async () => {
    for (const [name, bomb] of [
      ['liar.docx', await docxBomb(200 * MB, 1000)],
      ['liar.xlsx', await xlsxBomb(200 * MB, 1000)],
    ] as const) {
      const before = process.memoryUsage().arrayBuffers;
      const refused = await refusal(() => documentChunks(name, bomb));
      expect(refused, name).toMatchObject({ reason: 'file_too_large_unpacked' });
      // Stopped at the cap (plus one slice's output), not at 200 MB.
      expect(allocatedSince(before), name).toBeLessThan(MAX_UNPACKED_BYTES + 40 * MB);
    }
  }, 30_000);

  it('calls an entry damaged when it inflates to other than its declared size, and reads honest zips', () => {
    const data = new TextEncoder().encode('<a>hello</a>'.repeat(100));
    expect(() => unzipWithin(zipOf([{ name: 'a.xml', data, declaredSize: 50 }]), () => true)).toThrow(
      new UnreadableFile('file_unreadable'),
    );
    expect(() => unzipWithin(zipOf([{ name: 'a.xml', data }]), () => true, 100)).toThrow(
      new UnreadableFile('file_too_large_unpacked'),
    );
    expect(unzipWithin(zipOf([{ name: 'a.xml', data }]), () => true).get('a.xml')).toEqual(data);
    expect(() => unzipWithin(new TextEncoder().encode('not a zip at all, sorry'), () => true)).toThrow(
      new UnreadableFile('file_unreadable'),
    );
  });
});

describe('the chunk limit', () => {
  it('stops reading as soon as it is passed, not after the whole document', async () => {
    const paragraphs = Array.from({ length: 400 }, (_, i) => `Абзац ${i} `.repeat(120));
    const docx = await docxWith(paragraphs);
    const chunker = new Chunker(10);
    let read = 0;
    expect(() =>
      readDocx(docx, (line) => {
        read++;
        chunker.write(line, '');
      }),
    ).toThrow(new UnreadableFile('file_too_many_chunks'));
    expect(chunker.chunks).toHaveLength(11);
    expect(read).toBeLessThan(30);
    await expect(documentChunks('long.docx', docx, 10)).rejects.toEqual(
      new UnreadableFile('file_too_many_chunks'),
    );
  });
});

describe('the parser thread', () => {
  it('reads a document off the event loop and answers its chunks', async () => {
    const parser = new ThreadParser();
    const pdf = await pdfWith([['Первая страница'], ['Вторая страница']]);
    expect(await parser.parse('a.pdf', pdf)).toEqual({
      ok: true,
      chunks: [
        { text: 'Первая страница', source: 'p. 1' },
        { text: 'Вторая страница', source: 'p. 2' },
      ],
    });
    expect(await parser.parse('bomb.pdf', pdfNamingOnePage(4000))).toEqual({
      ok: false,
      reason: 'file_too_many_pages',
    });
  });

  it('stops a thread over its time limit and fails the file with the limit reason', async () => {
    // No machine reads 2 000 pages within 100 ms (a thread alone takes about that long to start).
    const parser = new ThreadParser({ ...DEFAULT_THREAD_LIMITS, timeMs: 100 });
    const outcome = await parser.parse('long.pdf', pdfOfManyPages(MAX_PDF_PAGES));
    expect(outcome).toEqual({ ok: false, reason: 'file_parse_limit' });
    // The next document gets a thread of its own and is read.
    expect(await new ThreadParser().parse('a.txt', new TextEncoder().encode('после'))).toMatchObject({
      ok: true,
    });
  }, 30_000);

  it('stops a thread over its memory limit, and the process lives on', async () => {
    const parser = new ThreadParser({
      ...DEFAULT_THREAD_LIMITS,
      memory: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
    });
    // Within the upload limit, but a row per 4 bytes needs far more heap than the thread has.
    const rows = new TextEncoder().encode('1,2\n'.repeat(2_000_000));
    expect(await parser.parse('rows.csv', rows)).toEqual({ ok: false, reason: 'file_parse_limit' });
    expect(await new ThreadParser().parse('a.txt', new TextEncoder().encode('жив'))).toEqual({
      ok: true,
      chunks: [{ text: 'жив', source: '' }],
    });
  }, 60_000);
});
