import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENTS_LIMITS,
  DOCUMENTS_ORIGIN,
  DOCUMENTS_PATHS,
  DOCUMENTS_SECRET_HEADER,
} from '../../functions/documents/protocol';
import type { ParseOutcome } from '../../functions/ports/parser';
import { PROPRIETOR_REQUISITES } from '../support/requisites';
import { call, signedIn } from './support/api';
import { onePagePdf } from './support/pdf';

/** A call to the documents Worker over the API Worker's DOCUMENTS service binding. */
function documents(
  path: string,
  body: BodyInit,
  secret: string | null = env.DOCUMENTS_SECRET,
  method = 'POST',
) {
  const headers = new Headers();
  if (secret !== null) headers.set(DOCUMENTS_SECRET_HEADER, secret);
  return env.DOCUMENTS.fetch(`${DOCUMENTS_ORIGIN}${path}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : body,
  });
}

async function parsed(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<ParseOutcome> {
  const response = await documents(`${DOCUMENTS_PATHS.parse}?name=${encodeURIComponent(name)}`, bytes);
  expect(response.status).toBe(200);
  return response.json<ParseOutcome>();
}

const textOf = (outcome: ParseOutcome) =>
  outcome.ok ? outcome.chunks.map((chunk) => chunk.text).join('\n') : '';

describe('the documents Worker behind the DOCUMENTS binding (workerd)', () => {
  it('reads a PDF into chunks, and a page-tree bomb into its reason, with the same caps as Node', async () => {
    const outcome = await parsed('prices.pdf', onePagePdf('Haircut costs 1500 rubles'));
    expect(outcome).toMatchObject({ ok: true });
    expect(textOf(outcome)).toContain('Haircut costs 1500 rubles');
    expect(await parsed('bomb.pdf', onePagePdf('x', 5_000))).toEqual({
      ok: false,
      reason: 'file_too_many_pages',
    });
  });

  it('serves only calls that carry the shared secret, and bounds what they send', async () => {
    const pdf = onePagePdf('Secret price list');
    for (const secret of [null, '', `${env.DOCUMENTS_SECRET}x`, 'x'.repeat(40)]) {
      for (const path of [
        `${DOCUMENTS_PATHS.parse}?name=a.pdf`,
        DOCUMENTS_PATHS.invoice,
        DOCUMENTS_PATHS.act,
      ]) {
        const refused = await documents(path, pdf, secret);
        expect(refused.status).toBe(401);
        expect(await refused.text()).not.toContain('Secret price list');
      }
    }
    expect((await documents(DOCUMENTS_PATHS.parse, pdf)).status).toBe(400);
    expect(
      (await documents(`${DOCUMENTS_PATHS.parse}?name=a.pdf`, '', env.DOCUMENTS_SECRET, 'GET')).status,
    ).toBe(405);
    expect((await documents('/anything', pdf)).status).toBe(404);
    expect((await documents(DOCUMENTS_PATHS.invoice, 'not json')).status).toBe(400);
    expect((await documents(DOCUMENTS_PATHS.invoice, JSON.stringify({ items: [] }))).status).toBe(422);
    const huge = JSON.stringify({ padding: 'x'.repeat(DOCUMENTS_LIMITS.renderBodyBytes) });
    expect((await documents(DOCUMENTS_PATHS.invoice, huge)).status).toBe(413);
  });

  it('the API Worker has its invoice drawn there: the PDF carries the Cyrillic details', async () => {
    const token = await signedIn();
    const issued = await call<{ transaction: { invoice_number: number }; invoice_url: string }>(
      'POST',
      '/api/payment/invoice',
      { token, body: { amount_minor: 120_000, requisites: PROPRIETOR_REQUISITES } },
    );
    expect(issued.status).toBe(201);
    const response = await SELF.fetch(`${env.PUBLIC_URL}${issued.json.invoice_url}`, {
      headers: { authorization: `Bearer ${token}`, 'cf-connecting-ip': '203.0.113.1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    // Read back by the same Worker's pdf.js: the font carries the Cyrillic text.
    const text = textOf(await parsed('invoice.pdf', pdf));
    expect(text).toContain(`Счёт на оплату № ${issued.json.transaction.invoice_number}`);
    expect(text).toContain('ИП Ёлкин Пётр Сергеевич');
    expect(text).toContain('ООО «Конструктор ботов»');
  });
});
