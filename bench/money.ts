import { eq } from 'drizzle-orm';
import { transactions } from '../db/schema';
import { renderInvoicePdf } from '../functions/payments/invoice/pdf';
import { paymentsFromConfig } from '../functions/ports/payments-from-config';
import { apiClient, signedInUser } from '../tests/api/support/client';
import { fakeTbankToken, startFakeTbank } from '../tests/fakes/tbank';
import { PROPRIETOR_REQUISITES } from '../tests/support/requisites';
import { createTestApp } from '../tests/support/test-app';

const BUYER = { ...PROPRIETOR_REQUISITES, kpp: null };

import { ms, percentile } from './stats';

const TERMINAL = { terminalKey: 'BenchTerminal', password: 'bench-password' };
const PAYMENTS = 50;
const RENDERS = 20;

/**
 * Money paths in-process: a T-Bank notification verified and credited (and the same one again, a
 * duplicate), and an invoice PDF drawn with its Cyrillic font.
 */
export async function moneyFigures(): Promise<string[]> {
  const tbank = await startFakeTbank({ terminals: [TERMINAL], maxAttempts: 1 });
  const t = await createTestApp({
    payments: paymentsFromConfig({
      TBANK_TERMINAL_KEY: TERMINAL.terminalKey,
      TBANK_PASSWORD: TERMINAL.password,
      TBANK_API_ROOT: tbank.url,
    }),
  });
  try {
    const call = apiClient(t);
    const owner = await signedInUser(t);
    const bodies: string[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const link = await call('POST', '/api/payment/link', {
        token: owner.token,
        body: { currency: 'rub', amount_minor: 10_000, agree: true },
      });
      const [row] = await t.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, link.json.transaction_id));
      const body = {
        TerminalKey: TERMINAL.terminalKey,
        OrderId: link.json.transaction_id,
        Success: true,
        Status: 'CONFIRMED',
        PaymentId: Number(row?.providerPaymentId),
        ErrorCode: '0',
        Amount: 10_000,
      };
      bodies.push(JSON.stringify({ ...body, Token: fakeTbankToken(body, TERMINAL.password) }));
    }
    const deliver = async (body: string) => {
      const started = performance.now();
      const response = await t.app.request('/api/payment/notify/tbank', { method: 'POST', body });
      if ((await response.text()) !== 'OK') throw new Error('notification refused');
      return performance.now() - started;
    };
    const first: number[] = [];
    const again: number[] = [];
    for (const body of bodies) first.push(await deliver(body));
    for (const body of bodies) again.push(await deliver(body));
    const renders: number[] = [];
    let bytes = 0;
    const seller = { ...BUYER, vat_rate: null };
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      const pdf = await renderInvoicePdf({
        number: i + 1,
        date: '2026-11-23',
        seller,
        buyer: BUYER,
        items: [
          {
            name: 'Пополнение баланса сервиса «Конструктор ботов»',
            quantity: 1,
            unit: 'усл.',
            price: 120_000,
          },
        ],
      });
      renders.push(performance.now() - started);
      bytes = pdf.byteLength;
    }
    return [
      `Money (in-process, PGlite), ${PAYMENTS} T-Bank notifications`,
      `notification verified and credited   p50 ${ms(percentile(first, 50))}  p95 ${ms(percentile(first, 95))}`,
      `the same notification again          p50 ${ms(percentile(again, 50))}  p95 ${ms(percentile(again, 95))}`,
      `invoice PDF (pdfmake, DejaVu subset) p50 ${ms(percentile(renders, 50))}  ${(bytes / 1024).toFixed(1)} KiB`,
    ];
  } finally {
    await t.close();
    await tbank.close();
  }
}
