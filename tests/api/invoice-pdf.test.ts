import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals } from '../../functions/payments/invoice/document-parts';
import { type InvoiceSeller, renderActPdf, renderInvoicePdf } from '../../functions/payments/invoice/pdf';
import type { InvoiceRequisites } from '../../functions/payments/invoice/requisites';
import { calendarDate, documentTexts, formatDocumentDate } from '../../functions/payments/invoice/texts';

const run = promisify(execFile);

const seller: InvoiceSeller = {
  inn: '7710140679',
  kpp: '771301001',
  name: 'ООО «Бот Билдер»',
  legal_address: '127287, г. Москва, ул. 2-я Хуторская, д. 38А, стр. 26',
  postal_address: '127287, г. Москва, ул. 2-я Хуторская, д. 38А, стр. 26',
  ogrn: '1027739642281',
  bik: '044525974',
  bank_name: 'АО «ТБанк»',
  account: '40702810500000012345',
  correspondent_account: '30101810145250000974',
  vat_rate: null,
  director_name: 'Петров П. П.',
  accountant_name: 'Петрова А. А.',
};

const buyer: InvoiceRequisites = {
  inn: '7723456782',
  kpp: '772301001',
  name: 'ООО «Ромашка»',
  legal_address: '109387, г. Москва, ул. Люблинская, д. 42, кв. 7',
  postal_address: '109387, г. Москва, ул. Люблинская, д. 42, кв. 7',
  ogrn: '1177746001234',
  bik: '044525225',
  bank_name: 'ПАО СБЕРБАНК',
  account: '40702810938000012345',
  correspondent_account: '30101810400000000225',
};

const topUp = {
  name: documentTexts.topUpItem('Бот Билдер'),
  quantity: 1,
  unit: documentTexts.units.service,
  price: 120_000,
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'invoice-pdf-'));
});
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

/** The PDF's text as `pdftotext -layout` reads it, with runs of spaces collapsed to one. */
async function pdfText(name: string, bytes: Uint8Array): Promise<string> {
  expect(bytes).toBeInstanceOf(Uint8Array);
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  const file = join(dir, name);
  await writeFile(file, bytes);
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).catch(
    (error: unknown) => {
      throw new Error(`pdftotext failed (Debian package poppler-utils): ${error}`);
    },
  );
  return stdout.replace(/[ \u00a0]+/g, ' ');
}

async function fonts(name: string): Promise<string> {
  const { stdout } = await run('pdffonts', [join(dir, name)]);
  return stdout;
}

describe('invoice PDF', () => {
  it('prints the number, both parties, the amount and the amount in words in Cyrillic', async () => {
    const text = await pdfText(
      'invoice.pdf',
      await renderInvoicePdf({ number: 42, date: '2026-11-23', seller, buyer, items: [topUp] }),
    );
    expect(text).toContain('Счёт на оплату № 42 от 23.11.2026');
    // The seller's bank block.
    expect(text).toContain('АО «ТБанк»');
    expect(text).toMatch(/БИК 044525974/);
    expect(text).toContain('30101810145250000974');
    expect(text).toContain('40702810500000012345');
    expect(text).toContain('ИНН 7710140679');
    // The buyer.
    expect(text).toContain('ООО «Ромашка», ИНН 7723456782, КПП 772301001');
    // The table, totals and words.
    for (const header of ['Товары (работы, услуги)', 'Кол-во', 'Ед.', 'Цена', 'Сумма']) {
      expect(text).toContain(header);
    }
    expect(text).toContain('Пополнение баланса сервиса «Бот Билдер»');
    expect(text).toMatch(/Итого: 1 200,00/);
    expect(text).toMatch(/Без НДС/);
    expect(text).toMatch(/Всего к оплате: 1 200,00/);
    expect(text).toContain('Всего наименований 1, на сумму 1 200,00 руб.');
    expect(text).toContain('Одна тысяча двести рублей 00 копеек');
    expect(text).toContain('Назначение платежа: Оплата по счёту № 42 от 23.11.2026. Без НДС');
    expect(text).toContain('Руководитель');
    expect(text).toContain('Петров П. П.');
    // Both faces embedded as subsets.
    const embedded = await fonts('invoice.pdf');
    expect(embedded).toMatch(/\+DejaVuSans\s.*yes yes yes/);
    expect(embedded).toMatch(/\+DejaVuSans-Bold\s.*yes yes yes/);
  });

  it('prints the VAT included when the seller pays VAT, and a custom purpose', async () => {
    const text = await pdfText(
      'invoice-vat.pdf',
      await renderInvoicePdf({
        number: 'A-7',
        date: '2026-01-05',
        seller: { ...seller, vat_rate: 20 },
        buyer,
        items: [topUp, { name: 'Подписка «Бот» на 1 месяц', quantity: 3, unit: 'шт.', price: 99_950 }],
        basis: 'Договор-оферта от 01.01.2026',
        purpose: 'Пополнение баланса по счёту № A-7, в т. ч. НДС',
      }),
    );
    expect(text).toContain('Счёт на оплату № A-7 от 05.01.2026');
    expect(text).toMatch(/В том числе НДС \(20%\): 699,75/);
    expect(text).toMatch(/Всего к оплате: 4 198,50/);
    expect(text).toContain('Четыре тысячи сто девяносто восемь рублей 50 копеек');
    expect(text).toContain('Договор-оферта от 01.01.2026');
    expect(text).toContain('Пополнение баланса по счёту № A-7, в т. ч. НДС');
    expect(text).not.toContain('Без НДС');
  });

  it('rejects impossible data', async () => {
    await expect(
      renderInvoicePdf({ number: 1, date: '2026-02-30', seller, buyer, items: [topUp] }),
    ).rejects.toThrow(RangeError);
    await expect(
      renderInvoicePdf({ number: 1, date: '2026-02-03', seller, buyer, items: [] }),
    ).rejects.toThrow(RangeError);
    await expect(
      renderInvoicePdf({ number: 1, date: '2026-02-03', seller, buyer, items: [{ ...topUp, price: 10.5 }] }),
    ).rejects.toThrow(RangeError);
  });
});

describe('act PDF', () => {
  it('mirrors the invoice with its own number and a reference to the invoice', async () => {
    const text = await pdfText(
      'act.pdf',
      await renderActPdf({
        number: 17,
        date: '2026-11-30',
        invoice: { number: 42, date: '2026-11-23' },
        seller,
        buyer: { ...buyer, kpp: null, inn: '771234567859', name: 'ИП Ёлкин Пётр Сергеевич' },
        items: [topUp],
      }),
    );
    expect(text).toContain('Акт № 17 от 30.11.2026');
    expect(text).toContain('Основание: Счёт на оплату № 42 от 23.11.2026');
    expect(text).toContain('Исполнитель: ООО «Бот Билдер», ИНН 7710140679, КПП 771301001');
    expect(text).toContain('Заказчик: ИП Ёлкин Пётр Сергеевич, ИНН 771234567859, 109387');
    expect(text).toContain('Наименование работ, услуг');
    expect(text).toMatch(/Итого: 1 200,00/);
    expect(text).toContain('Всего оказано услуг 1, на сумму 1 200,00 руб.');
    expect(text).toContain('Одна тысяча двести рублей 00 копеек');
    expect(text).toContain('Заказчик претензий по объёму, качеству');
    expect(text).toContain('ИСПОЛНИТЕЛЬ');
    expect(text).toContain('ЗАКАЗЧИК');
  });
});

describe('document helpers', () => {
  it('formats calendar dates and takes them in Moscow time', () => {
    expect(formatDocumentDate('2026-11-23')).toBe('23.11.2026');
    expect(() => formatDocumentDate('23.11.2026')).toThrow(RangeError);
    // 22:30 UTC on 22 November is already 23 November in Moscow (UTC+3).
    expect(calendarDate(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-23');
  });

  it('computes the VAT included in the total, rounded to kopecks', () => {
    expect(computeTotals([topUp], null)).toMatchObject({ total: 120_000, vat: null });
    expect(computeTotals([topUp], 20)).toMatchObject({ total: 120_000, vat: 20_000 });
    expect(computeTotals([{ ...topUp, price: 100 }], 22).vat).toBe(18);
    expect(computeTotals([topUp], 0).vat).toBe(0);
    expect(() => computeTotals([topUp], 100)).toThrow(RangeError);
  });
});
