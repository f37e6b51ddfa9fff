import { Document, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { describe, expect, it } from 'vitest';
import { chunkSections } from '../../functions/services/knowledge/chunk';
import { docxText } from '../../functions/services/knowledge/docx';
import {
  decodeText,
  documentChunks,
  tableLines,
  UnreadableFile,
} from '../../functions/services/knowledge/parse';
import { searchQuery } from '../../functions/services/knowledge/search';
import { pdfWith, xlsxWith } from '../support/documents';

const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });

describe('reading documents', () => {
  it('reads a DOCX with paragraphs and a price table, a row per line', async () => {
    const document = new Document({
      sections: [
        {
          children: [
            new Paragraph('Прайс-лист салона'),
            new Table({
              rows: [
                new TableRow({ children: [cell('Услуга'), cell('Цена')] }),
                new TableRow({ children: [cell('Стрижка'), cell('1500 ₽')] }),
              ],
            }),
            new Paragraph('Скидка студентам 10%'),
          ],
        },
      ],
    });
    const text = docxText(new Uint8Array(await Packer.toBuffer(document)));
    expect(text).toBe('Прайс-лист салона\nУслуга | Цена\nСтрижка | 1500 ₽\nСкидка студентам 10%');
  });

  it('reads PDF pages and XLSX sheets with their sources, and says when a file is not what it claims', async () => {
    const pdf = await documentChunks('a.pdf', await pdfWith([['Первая страница'], ['Вторая страница']]));
    expect(pdf).toEqual([
      { text: 'Первая страница', source: 'p. 1' },
      { text: 'Вторая страница', source: 'p. 2' },
    ]);
    const xlsx = await documentChunks(
      'b.xlsx',
      await xlsxWith(
        [
          ['Услуга', 'Цена'],
          ['Маникюр', 1200],
        ],
        'Цены',
      ),
    );
    expect(xlsx).toEqual([{ text: 'Услуга: Маникюр; Цена: 1200', source: 'Цены' }]);
    await expect(documentChunks('c.pdf', new TextEncoder().encode('not a pdf'))).rejects.toEqual(
      new UnreadableFile('file_unreadable'),
    );
    await expect(documentChunks('d.txt', new TextEncoder().encode('   \n '))).rejects.toEqual(
      new UnreadableFile('file_no_text'),
    );
  });

  it('reads Windows-1251 text as older Russian files are saved, and tables without a header', () => {
    const cp1251 = new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
    expect(decodeText(cp1251)).toBe('Привет');
    expect(decodeText(new TextEncoder().encode('Привет'))).toBe('Привет');
    expect(
      tableLines([
        ['', ''],
        ['a', 'b'],
      ]),
    ).toBe('a; b');
  });
});

describe('chunks and the search question', () => {
  it('packs lines up to the target size, never across pages, carrying the last short line over', () => {
    const lines = Array.from(
      { length: 60 },
      (_, i) => `Строка номер ${i} с описанием услуги и ценой ${i * 100} ₽`,
    );
    const chunks = chunkSections([
      { text: lines.join('\n'), source: 'p. 1' },
      { text: 'Отдельная страница', source: 'p. 2' },
    ]);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((chunk) => chunk.text.length <= 1500)).toBe(true);
    expect(chunks.at(-1)).toEqual({ text: 'Отдельная страница', source: 'p. 2' });
    const [first, second] = chunks;
    expect(second?.text.startsWith(first?.text.split('\n').at(-1) ?? '?')).toBe(true);
    const joined = chunks
      .slice(0, -1)
      .map((chunk) => chunk.text)
      .join('\n');
    for (const line of lines) expect(joined).toContain(line);
  });

  it('splits a paragraph longer than a chunk at sentence ends', () => {
    const long = Array.from({ length: 80 }, (_, i) => `Предложение ${i} о правилах записи.`).join(' ');
    const chunks = chunkSections([{ text: long, source: '' }]);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.text.length <= 1500)).toBe(true);
  });

  it('adds the previous customer message to a short follow-up question', () => {
    expect(searchQuery(['А сколько стоит?'], ['Делаете окрашивание волос?'])).toBe(
      'Делаете окрашивание волос?\nА сколько стоит?',
    );
    const long = 'Подскажите, пожалуйста, сколько стоит окрашивание длинных волос в два тона?';
    expect(searchQuery([long], ['Привет'])).toBe(long);
  });
});
