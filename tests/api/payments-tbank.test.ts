import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceEntries, transactions } from '../../db/schema';
import { paymentsFromConfig } from '../../functions/ports/payments-from-config';
import { type FakeTbank, fakeTbankToken, startFakeTbank } from '../fakes/tbank';
import { signedInUser } from './support/client';
import { listeningTestApp } from './support/listening-app';
import { balanceTotal, payingOwner } from './support/money';

const TERMINAL = { terminalKey: 'BotBuilderTest', password: 'pass-1234567' };
const fakeBox = {} as { tbank: FakeTbank };

beforeAll(async () => {
  fakeBox.tbank = await startFakeTbank({ terminals: [TERMINAL], retryIntervalMs: 50, maxAttempts: 3 });
});
afterAll(() => fakeBox.tbank.close());

const api = listeningTestApp(() => ({
  payments: paymentsFromConfig({
    TBANK_TERMINAL_KEY: TERMINAL.terminalKey,
    TBANK_PASSWORD: TERMINAL.password,
    TBANK_API_ROOT: fakeBox.tbank.url,
  }),
}));

const topUp = (amount: number, extra: Record<string, unknown> = {}) => ({
  currency: 'rub',
  operation: 'top_up',
  amount_minor: amount,
  recurrent: false,
  agree: true,
  ...extra,
});

async function link(token: string, body: Record<string, unknown>) {
  const answer = await api.call('POST', '/api/payment/link', { token, body });
  if (answer.status !== 200) throw new Error(`link: ${JSON.stringify(answer.json)}`);
  const [row] = await api.t.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, answer.json.transaction_id));
  if (!row?.providerPaymentId) throw new Error('no payment id');
  return { ...answer.json, paymentId: row.providerPaymentId } as {
    url: string;
    transaction_id: string;
    paymentId: string;
  };
}

const topUpsOf = (accountId: string) =>
  api.t.db
    .select()
    .from(balanceEntries)
    .where(and(eq(balanceEntries.accountId, accountId), eq(balanceEntries.kind, 'top_up')));

describe('payments by T-Bank: the payment link', () => {
  it('refuses without consent, out of range, and in a currency nobody takes', async () => {
    const owner = await signedInUser(api.t);
    const noConsent = await api.call('POST', '/api/payment/link', {
      token: owner.token,
      body: topUp(100_000, { agree: false }),
    });
    expect(noConsent.status).toBe(422);
    expect(noConsent.json.message).toBe('Необходимо согласиться с условиями оплаты');
    const tiny = await api.call('POST', '/api/payment/link', { token: owner.token, body: topUp(500) });
    expect(tiny.status).toBe(422);
    expect(tiny.json.fields.amount_minor).toMatch(
      /^Сумма должна быть от 100,00\srub до 1\s000\s000,00\srub$/,
    );
    const usd = await api.call('POST', '/api/payment/link', {
      token: owner.token,
      body: topUp(100_000, { currency: 'usd' }),
    });
    expect(usd.status).toBe(422);
    expect(usd.json.message).toBe('Оплата в валюте USD не настроена');
    expect(fakeBox.tbank.callsOf('Init')).toHaveLength(0);
  });

  it('pays on the T-Bank page: the notification credits the balance once, however often it comes', async () => {
    const owner = await payingOwner(api.t);
    const before = await balanceTotal(api.t, owner.token);
    const started = await link(owner.token, topUp(150_000));
    expect(started.url).toMatch(new RegExp(`^${fakeBox.tbank.url}/new/`));
    const init = fakeBox.tbank.callsOf('Init').at(-1);
    expect(init?.params).toMatchObject({
      Amount: 150_000,
      OrderId: started.transaction_id,
      CustomerKey: owner.accountId,
    });
    expect(init?.params.Receipt).toMatchObject({ Email: owner.email, Taxation: 'usn_income' });

    const listed = await api.call('GET', '/api/transactions', { token: owner.token });
    expect(listed.json.items[0]).toMatchObject({
      status: 'not_paid',
      payment_url: started.url,
      reason: null,
    });

    await fakeBox.tbank.pay(started.paymentId);
    await fakeBox.tbank.settled();
    await fakeBox.tbank.redeliver(started.paymentId, 5);
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 150_000);
    expect(await topUpsOf(owner.accountId)).toHaveLength(1);
    const after = await api.call('GET', '/api/transactions', { token: owner.token });
    expect(after.json.items[0]).toMatchObject({
      operation: 'top_up',
      status: 'paid',
      amount_minor: 150_000,
      payment_url: null,
    });
    // Every delivery was answered the way T-Bank needs: 200 with the body OK.
    const deliveries = fakeBox.tbank.deliveriesOf(started.paymentId);
    expect(deliveries.every((delivery) => delivery.delivered)).toBe(true);
  });

  it('a forged notification is refused and changes nothing', async () => {
    const owner = await payingOwner(api.t);
    const started = await link(owner.token, topUp(100_000));
    const body = {
      TerminalKey: TERMINAL.terminalKey,
      OrderId: started.transaction_id,
      Success: true,
      Status: 'CONFIRMED',
      PaymentId: Number(started.paymentId),
      ErrorCode: '0',
      Amount: 100_000,
    };
    const forged = { ...body, Token: fakeTbankToken(body, 'not-the-password') };
    const response = await api.t.app.request('/api/payment/notify/tbank', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(response.status).toBe(401);
    expect(await topUpsOf(owner.accountId)).toHaveLength(0);
    const unknown = await api.t.app.request('/api/payment/notify/paypal', { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
  });

  it('answers OK to a signed notification for an order that is not ours, credits nothing, logs once', async () => {
    const owner = await payingOwner(api.t);
    const started = await link(owner.token, topUp(100_000));
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers: Array<{ status: number; body: string }> = [];
    try {
      // Another shop on the same terminal, an order we never had, and our order with another payment.
      for (const [orderId, paymentId] of [
        ['shop-42', 9_100_001],
        ['00000000-0000-4000-8000-000000000000', 9_100_002],
        [started.transaction_id, 9_100_003],
      ] as const) {
        const body = fakeBox.tbank.sign(TERMINAL.terminalKey, {
          TerminalKey: TERMINAL.terminalKey,
          OrderId: orderId,
          Success: true,
          Status: 'CONFIRMED',
          PaymentId: paymentId,
          ErrorCode: '0',
          Amount: 100_000,
        });
        const response = await api.t.app.request('/api/payment/notify/tbank', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        answers.push({ status: response.status, body: await response.text() });
      }
      expect(answers).toEqual(Array(3).fill({ status: 200, body: 'OK' }));
      const notOurs = warnings.mock.calls.filter((call) => String(call[0]).includes('not ours'));
      expect(notOurs).toHaveLength(2);
      expect(
        errors.mock.calls.filter((call) => String(call[0]).includes(started.transaction_id)),
      ).toHaveLength(1);
      expect(JSON.stringify([...warnings.mock.calls, ...errors.mock.calls])).not.toContain(TERMINAL.password);
    } finally {
      warnings.mockRestore();
      errors.mockRestore();
    }
    expect(await topUpsOf(owner.accountId)).toHaveLength(0);
    // The order's own payment still credits it.
    await fakeBox.tbank.pay(started.paymentId);
    await fakeBox.tbank.settled();
    expect(await topUpsOf(owner.accountId)).toHaveLength(1);
  });

  it('a declined payment stays "not paid" with the reason', async () => {
    const owner = await payingOwner(api.t);
    const started = await link(owner.token, topUp(100_000));
    await fakeBox.tbank.decline(started.paymentId);
    await fakeBox.tbank.settled();
    const listed = await api.call('GET', '/api/transactions', { token: owner.token });
    // The page cannot be paid any more: no link, the reason instead.
    expect(listed.json.items[0]).toMatchObject({
      status: 'not_paid',
      reason: expect.stringContaining('REJECTED'),
      payment_url: null,
    });
    expect(await topUpsOf(owner.accountId)).toHaveLength(0);
  });

  it('a top-up for exactly what a subscription lacks pays the subscription when the money comes', async () => {
    const owner = await payingOwner(api.t);
    const short = await api.call('POST', '/api/subscription/new', {
      token: owner.token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
    });
    expect(short.status).toBe(402);
    const started = await link(
      owner.token,
      topUp(short.json.missing_minor, { subscription_id: short.json.subscription_id }),
    );
    await fakeBox.tbank.pay(started.paymentId);
    await fakeBox.tbank.settled();
    const list = await api.call('GET', '/api/subscription', { token: owner.token });
    expect(list.json.find((one: { id: string }) => one.id === short.json.subscription_id)?.status).toBe(
      'active',
    );
    expect(await balanceTotal(api.t, owner.token)).toBe(0);
  });

  it('saves the card when asked, lists it, and cancels it; another account cannot', async () => {
    const owner = await payingOwner(api.t);
    const started = await link(owner.token, topUp(100_000, { recurrent: true }));
    expect(fakeBox.tbank.callsOf('Init').at(-1)?.params).toMatchObject({
      Recurrent: 'Y',
      CustomerKey: owner.accountId,
    });
    await fakeBox.tbank.pay(started.paymentId);
    await fakeBox.tbank.settled();
    await fakeBox.tbank.redeliver(started.paymentId, 2);
    const cards = await api.call('GET', '/api/recurrent_payments', { token: owner.token });
    expect(cards.json).toHaveLength(1);
    expect(cards.json[0]).toMatchObject({ provider: 'tbank', recurrent_type: 'subscriptions' });
    expect(cards.json[0].label).toMatch(/\*{4,}/);
    expect(JSON.stringify(cards.json)).not.toMatch(/rebill|method/i);

    const stranger = await signedInUser(api.t);
    const foreign = await api.call('POST', `/api/recurrent_payments/${cards.json[0].id}/cancel`, {
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);
    const cancelled = await api.call('POST', `/api/recurrent_payments/${cards.json[0].id}/cancel`, {
      token: owner.token,
    });
    expect(cancelled.status).toBe(204);
    expect((await api.call('GET', '/api/recurrent_payments', { token: owner.token })).json).toEqual([]);
  });

  it('another account’s transactions are not listed', async () => {
    const owner = await payingOwner(api.t);
    await link(owner.token, topUp(100_000));
    const stranger = await signedInUser(api.t);
    const theirs = await api.call('GET', '/api/transactions', { token: stranger.token });
    expect(theirs.json.items).toEqual([]);
    expect(theirs.json.pagination).toMatchObject({ page: 1, total: 0, pages: 1 });
  });
});
