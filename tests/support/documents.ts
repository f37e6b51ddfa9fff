import { Document, Packer, Paragraph } from 'docx';
import writeXlsxFile from 'write-excel-file/node';
import { documentPdfMake } from '../../functions/payments/invoice/fonts';

/**
 * Real documents for upload tests, made by the libraries people's files come from: a PDF with a
 * text layer in DejaVu Sans (Cyrillic), an XLSX workbook and a DOCX.
 */
export async function pdfWith(pages: string[][]): Promise<Uint8Array> {
  const content = pages.flatMap((lines, i) =>
    lines.map((text, j) => ({ text, ...(i > 0 && j === 0 ? { pageBreak: 'before' as const } : {}) })),
  );
  const buffer = await documentPdfMake()
    .createPdf({ content, defaultStyle: { font: 'DejaVuSans' } })
    .getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** One sheet: the first row is the header. */
export async function xlsxWith(rows: (string | number)[][], sheet = 'Прайс'): Promise<Uint8Array> {
  const data = rows.map((row) => row.map((value) => ({ value })));
  const buffer = await writeXlsxFile(data, { sheet }).toBuffer();
  return new Uint8Array(buffer);
}

export async function docxWith(paragraphs: string[]): Promise<Uint8Array> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
