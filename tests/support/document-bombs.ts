import { crc32, deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { docxWith, xlsxWith } from './documents';

/**
 * Hostile documents of issue #21 §2, made in the test: a PDF whose page tree names one page
 * thousands of times, DOCX and XLSX whose XML inflates to hundreds of megabytes, and zips whose
 * central directory lies about the sizes.
 */

const PAGE =
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>';

/** A PDF whose /Pages /Kids lists object 3 (one page with text) `times` times, claiming `count` pages. */
export function pdfNamingOnePage(times: number, count = times): Uint8Array {
  return pdfOf(
    Array.from({ length: times }, () => '3 0 R'),
    count,
  );
}

/** An honest PDF of `pages` pages in one flat page tree (slow to read: finding a page walks the tree). */
export function pdfOfManyPages(pages: number): Uint8Array {
  const more = Array.from({ length: pages - 1 }, () => PAGE);
  return pdfOf(['3 0 R', ...more.map((_, i) => `${i + 6} 0 R`)], pages, more);
}

function pdfOf(kids: string[], count: number, extra: string[] = []): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${count} >>`,
    PAGE,
    '<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 720 Td (Hello page) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...extra,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

export interface ZipEntry {
  name: string;
  data: Uint8Array;
  /** The uncompressed size the headers declare, when they should lie. */
  declaredSize?: number;
}

/** A zip written byte by byte (deflated entries), so its headers can say what a test needs. */
export function zipOf(entries: ZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = deflateRawSync(entry.data, { level: 9 });
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...directory, end]));
}

/** About `bytes` bytes of a repeated XML element: compresses about a thousand to one. */
const filler = (pattern: string, bytes: number) =>
  Buffer.alloc(bytes - (bytes % Buffer.byteLength(pattern)), pattern);

/**
 * A real DOCX (from the docx library) whose word/document.xml is replaced by `bytes` of paragraphs
 * saying `text`.
 */
export async function docxBomb(bytes: number, declaredSize?: number, text = 'бомба'): Promise<Uint8Array> {
  const parts = unzipSync(await docxWith(['Бомба']));
  const body = Buffer.concat([
    Buffer.from('<?xml version="1.0"?><w:document xmlns:w="urn:w"><w:body>'),
    filler(`<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`, bytes),
    Buffer.from('</w:body></w:document>'),
  ]);
  return zipOf(
    Object.entries(parts).map(([name, data]) =>
      name === 'word/document.xml' ? { name, data: body, declaredSize } : { name, data },
    ),
  );
}

/** A real XLSX (from write-excel-file) whose first sheet is replaced by `bytes` of rows. */
export async function xlsxBomb(bytes: number, declaredSize?: number): Promise<Uint8Array> {
  const parts = unzipSync(await xlsxWith([['Бомба'], [1]]));
  const sheet = Object.keys(parts).find((name) => name.startsWith('xl/worksheets/') && name.endsWith('.xml'));
  const body = Buffer.concat([
    Buffer.from('<?xml version="1.0"?><worksheet><sheetData>'),
    filler('<row><c t="inlineStr"><is><t>бомба</t></is></c></row>', bytes),
    Buffer.from('</sheetData></worksheet>'),
  ]);
  return zipOf(
    Object.entries(parts).map(([name, data]) =>
      name === sheet ? { name, data: body, declaredSize } : { name, data },
    ),
  );
}
