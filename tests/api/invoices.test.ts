import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerFromConfig } from '../../functions/payments/invoice/seller-config';
import { invoicePdfKey } from '../../functions/services/payments/invoice-documents';
import { INVOICE_CREATION_LIMIT, MAX_OPEN_INVOICES } from '../../functions/services/payments/invoices';
import { markInvoicePaid } from '../../functions/services/payments/mark-invoice-paid';
import {
  SUGGESTION_CACHE_SECONDS,
  SUGGESTION_LIMIT,
} from '../../functions/services/payments/requisites-suggestions';
import { type FakeDadata, startFakeDadata } from '../fakes/dadata';
import { PROPRIETOR_REQUISITES, SBERBANK_REQUISITES } from '../support/requisites';
import { sharedTestApp, signedInUser } from './support/client';
import { balanceTotal, payingOwner } from './support/money';

const SELLER = { ...SBERBANK_REQUISITES, name: 'ООО «Конструктор ботов»', vat_rate: null };
const BUYER = PROPRIETOR_REQUISITES;

const fakeBox = {} as { dadata: FakeDadata };
beforeAll(async () => {
  fakeBox.dadata = await startFakeDadata();
});
afterAll(() => fakeBox.dadata.close());

const api = sharedTestApp({
  settings: {
    invoiceSeller: sellerFromConfig(JSON.stringify(SELLER)),
    get dadata() {
      return { apiKey: fakeBox.dadata.apiKey, apiRoot: fakeBox.dadata.apiRoot };
    },
  },
});

const scratch = mkdtempSync(join(tmpdir(), 'invoices-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The PDF's text as pdftotext reads it. */
async function pdfText(token: string, path: string): Promise<string> {
  const response = await api.t.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const file = join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function issue(token: string, amount = 120_000, requisites: Record<string, unknown> = BUYER) {
  return api.call('POST', '/api/payment/invoice', { token, body: { amount_minor: amount, requisites } });
}

describe('invoices for companies', () => {
  it('refuses an invoice with empty fields with the SPEC message, and wrong control digits per field', async () => {
    const owner = await signedInUser(api.t);
    const empty = await issue(owner.token, 120_000, { inn: '', name: '' });
    expect(empty.status).toBe(422);
    expect(empty.json.message).toBe('Необходимо заполнить все поля счета');
    const wrong = await issue(owner.token, 120_000, {
      ...BUYER,
      inn: '771234567850',
      account: '40802810900001234568',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.fields['requisites.inn']).toBe('Некорректный ИНН');
    expect(wrong.json.fields['requisites.account']).toBe('Расчётный счёт не соответствует БИК');
    const listed = await api.call('GET', '/api/transactions', { token: owner.token });
    expect(listed.json.items).toEqual([]);
  });

  it('issues a numbered invoice as a "not paid" transaction whose PDF carries the Cyrillic details', async () => {
    const owner = await signedInUser(api.t);
    const issued = await issue(owner.token);
    expect(issued.status).toBe(201);
    expect(issued.json.transaction).toMatchObject({
      operation: 'invoice',
      status: 'not_paid',
      amount_minor: 120_000,
    });
    const number = issued.json.transaction.invoice_number as number;
    const text = await pdfText(owner.token, issued.json.invoice_url);
    expect(text).toContain(`Счёт на оплату № ${number}`);
    expect(text).toContain('ИП Ёлкин Пётр Сергеевич');
    expect(text).toContain('771234567859');
    expect(text).toContain('ООО «Конструктор ботов»');
    expect(text).toContain('1 200,00');
    expect(text).toMatch(/Одна тысяча двести рублей 00 копеек/i);
    // The details are kept for the next invoice.
    const saved = await api.call('GET', '/api/payment/requisites', { token: owner.token });
    expect(saved.json).toMatchObject({ available: true, suggestions: true });
    expect(saved.json.requisites).toMatchObject({ inn: BUYER.inn, bik: BUYER.bik, kpp: null });
  });

  it('marking it paid credits the balance once and produces the act', async () => {
    const owner = await payingOwner(api.t);
    const before = await balanceTotal(api.t, owner.token);
    const issued = await issue(owner.token, 250_000);
    const id = issued.json.transaction.id as string;
    expect(
      (
        await api.t.app.request(`/api/transactions/${id}/act`, {
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).status,
    ).toBe(404);
    const number = issued.json.transaction.invoice_number as number;
    const first = await markInvoicePaid(api.t.db, number, api.t.clock.now());
    const second = await markInvoicePaid(api.t.db, number, api.t.clock.now());
    expect(first.kind).toBe('paid');
    expect(second.kind).toBe('already_paid');
    expect(await markInvoicePaid(api.t.db, 999_999, api.t.clock.now())).toEqual({ kind: 'not_found' });
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 250_000);
    const listed = await api.call('GET', '/api/transactions', { token: owner.token });
    const row = listed.json.items.find((item: { id: string }) => item.id === id);
    expect(row).toMatchObject({ status: 'paid', act_url: `/api/transactions/${id}/act` });
    const act = await pdfText(owner.token, row.act_url);
    expect(act).toContain(`№ ${row.act_number}`);
    expect(act).toContain(`№ ${number}`);
    expect(act).toContain('ИП Ёлкин Пётр Сергеевич');
  });

  it('another account’s invoice and act answer 404', async () => {
    const owner = await signedInUser(api.t);
    const issued = await issue(owner.token);
    const stranger = await signedInUser(api.t);
    for (const path of [
      issued.json.invoice_url,
      `/api/transactions/${issued.json.transaction.id}/act`,
      '/api/transactions/x/invoice',
    ]) {
      const response = await api.t.app.request(path, {
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      expect(response.status, path).toBe(404);
    }
  });

  it('is not offered to non-rouble accounts', async () => {
    const owner = await signedInUser(api.t, { currency: 'usd' });
    const refused = await issue(owner.token);
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('invoices_not_configured');
    expect((await api.call('GET', '/api/payment/requisites', { token: owner.token })).json.available).toBe(
      false,
    );
  });

  it('suggests a company by INN and a bank by BIK from DaData; a failing DaData leaves the form to the user', async () => {
    const owner = await signedInUser(api.t);
    const party = await api.call('GET', '/api/payment/suggest/party?query=7707083893', {
      token: owner.token,
    });
    expect(party.status).toBe(200);
    expect(party.json.suggestions[0]).toMatchObject({
      inn: '7707083893',
      kpp: '773601001',
      name: 'ПАО СБЕРБАНК',
    });
    const bank = await api.call('GET', '/api/payment/suggest/bank?query=044525225', { token: owner.token });
    expect(bank.json.suggestions[0]).toMatchObject({
      bik: '044525225',
      correspondent_account: '30101810400000000225',
    });
    expect(JSON.stringify(fakeBox.dadata.calls)).not.toContain('undefined');
    fakeBox.dadata.quotaExceeded = true;
    try {
      const quota = await api.call('GET', '/api/payment/suggest/bank?query=044525974', {
        token: owner.token,
      });
      expect(quota.status).toBe(200);
      expect(quota.json).toEqual({ suggestions: [], available: false });
    } finally {
      fakeBox.dadata.quotaExceeded = false;
    }
    const bad = await api.call('GET', '/api/payment/suggest/bank?query=abc', { token: owner.token });
    expect(bad.status).toBe(422);
  });

  it('asks DaData once per query within a day, whoever asks, and each account only so often', async () => {
    const lookups = (query: string) =>
      fakeBox.dadata.calls.filter((call) => JSON.stringify(call.body).includes(query)).length;
    const first = await signedInUser(api.t);
    const second = await signedInUser(api.t);
    const inn = '7723456782';
    for (const owner of [first, first, second]) {
      const answer = await api.call('GET', `/api/payment/suggest/party?query=${inn}`, { token: owner.token });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ available: true, suggestions: [{ inn }] });
    }
    expect(lookups(inn)).toBe(1);

    // A quota spent by one account: each lookup DaData is asked counts, the 31st in ten minutes is refused.
    const busy = await signedInUser(api.t);
    const before = fakeBox.dadata.calls.length;
    for (let i = 0; i < SUGGESTION_LIMIT.max; i++) {
      const bik = `0445${String(10_000 + i)}`;
      const answer = await api.call('GET', `/api/payment/suggest/bank?query=${bik}`, { token: busy.token });
      expect(answer.status, bik).toBe(200);
    }
    const refused = await api.call('GET', '/api/payment/suggest/bank?query=044599999', { token: busy.token });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Слишком много попыток. Повторите через \d+ мин.$/);
    expect(fakeBox.dadata.calls.length - before).toBe(SUGGESTION_LIMIT.max);
    // What is cached still answers, and other accounts are not held back.
    const cached = await api.call('GET', `/api/payment/suggest/party?query=${inn}`, { token: busy.token });
    expect(cached.status).toBe(200);
    expect(
      (await api.call('GET', '/api/payment/suggest/bank?query=044599999', { token: first.token })).status,
    ).toBe(200);

    // A day later the details are asked again.
    api.t.clock.advance(SUGGESTION_CACHE_SECONDS * 1000 + 1000);
    const later = await signedInUser(api.t);
    await api.call('GET', `/api/payment/suggest/party?query=${inn}`, { token: later.token });
    expect(lookups(inn)).toBe(2);
  });

  it('keeps the rendered PDF: a second download reads the stored bytes', async () => {
    const owner = await signedInUser(api.t);
    const issued = await issue(owner.token);
    const id = issued.json.transaction.id as string;
    const download = () =>
      api.t.app.request(issued.json.invoice_url, { headers: { authorization: `Bearer ${owner.token}` } });
    const first = new Uint8Array(await (await download()).arrayBuffer());
    const stored = await api.t.ports.files.get(invoicePdfKey(id));
    expect(stored?.contentType).toBe('application/pdf');
    expect(stored?.body).toEqual(first);
    // Had it been drawn again, these would not be the bytes served.
    const marker = new TextEncoder().encode('%PDF-1.4 stored copy');
    await api.t.ports.files.put(invoicePdfKey(id), marker, 'application/pdf');
    const answers = await Promise.all(Array.from({ length: 4 }, download));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(marker);
    }
  });

  it('caps unpaid invoices per account and limits how many are issued an hour', async () => {
    const owner = await signedInUser(api.t);
    const numbers: number[] = [];
    for (let i = 0; i < MAX_OPEN_INVOICES; i++) {
      const issued = await issue(owner.token);
      expect(issued.status).toBe(201);
      numbers.push(issued.json.transaction.invoice_number);
    }
    const capped = await issue(owner.token);
    expect(capped.status).toBe(422);
    expect(capped.json).toMatchObject({
      code: 'invoices_limit',
      message:
        'Уже выставлено 10 неоплаченных счетов за 30 дней. Оплатите один из них, чтобы выставить новый',
    });
    // Paid ones free their places, but no more than the hourly limit is issued.
    for (const number of numbers) await markInvoicePaid(api.t.db, number, api.t.clock.now());
    let issuedInHour = MAX_OPEN_INVOICES;
    let answer = await issue(owner.token);
    while (answer.status === 201) {
      issuedInHour += 1;
      await markInvoicePaid(api.t.db, answer.json.transaction.invoice_number, api.t.clock.now());
      answer = await issue(owner.token);
    }
    expect(issuedInHour).toBe(INVOICE_CREATION_LIMIT.max);
    expect(answer.status).toBe(429);
    expect(answer.json.message).toMatch(/^Слишком много попыток. Повторите через \d+ мин.$/);
    const listed = await api.call('GET', '/api/transactions', { token: owner.token });
    expect(listed.json.pagination.total).toBe(INVOICE_CREATION_LIMIT.max);
  });
});
