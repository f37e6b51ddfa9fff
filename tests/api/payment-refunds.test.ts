import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceEntries, partnerEntries, transactions } from '../../db/schema';
import { paymentStateOf } from '../../functions/payments/tbank/notification';
import { paymentsFromConfig } from '../../functions/ports/payments-from-config';
import { schedules } from '../../schedules';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe';
import { type FakeTbank, startFakeTbank } from '../fakes/tbank';
import { listeningTestApp } from './support/listening-app';
import { balanceTotal, payingOwner } from './support/money';

const TERMINAL = { terminalKey: 'BotBuilderRefunds', password: 'pass-refunds-1' };
const fakes = {} as { tbank: FakeTbank; stripe: FakeStripe };

beforeAll(async () => {
  fakes.tbank = await startFakeTbank({ terminals: [TERMINAL], retryIntervalMs: 50, maxAttempts: 3 });
  fakes.stripe = await startFakeStripe({ retryIntervalMs: 50 });
});
afterAll(async () => {
  await fakes.tbank.close();
  await fakes.stripe.close();
});

const api = listeningTestApp((origin) => {
  fakes.stripe.setWebhookEndpoint(`${origin}/api/payment/notify/stripe`);
  return {
    payments: paymentsFromConfig({
      TBANK_TERMINAL_KEY: TERMINAL.terminalKey,
      TBANK_PASSWORD: TERMINAL.password,
      TBANK_API_ROOT: fakes.tbank.url,
      STRIPE_SECRET_KEY: fakes.stripe.apiKey,
      STRIPE_WEBHOOK_SECRET: fakes.stripe.webhookSecret,
      STRIPE_API_BASE: fakes.stripe.url,
    }),
  };
});

/** A top-up started through the app: its transaction and the provider's payment id we stored. */
async function startTopUp(token: string, currency: string, amount: number) {
  const answer = await api.call('POST', '/api/payment/link', {
    token,
    body: { currency, operation: 'top_up', amount_minor: amount, recurrent: false, agree: true },
  });
  if (answer.status !== 200) throw new Error(`link: ${JSON.stringify(answer.json)}`);
  const orderId = answer.json.transaction_id as string;
  const [row] = await api.t.db.select().from(transactions).where(eq(transactions.id, orderId));
  if (!row?.providerPaymentId) throw new Error('no payment id');
  return { orderId, paymentId: row.providerPaymentId };
}

const transactionOf = async (token: string, orderId: string) => {
  const listed = await api.call('GET', '/api/transactions', { token });
  return (listed.json.items as Array<{ id: string; status: string }>).find((item) => item.id === orderId);
};

const refundsOf = (accountId: string) =>
  api.t.db
    .select()
    .from(balanceEntries)
    .where(and(eq(balanceEntries.accountId, accountId), eq(balanceEntries.kind, 'refund')));

/** A T-Bank notification about our order, signed with the terminal's password. */
function tbankNotify(fields: Record<string, unknown>) {
  const body = fakes.tbank.sign(TERMINAL.terminalKey, {
    TerminalKey: TERMINAL.terminalKey,
    Success: true,
    ErrorCode: '0',
    ...fields,
  });
  return api.t.app.request('/api/payment/notify/tbank', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('refunds by T-Bank', () => {
  it('reads REFUNDED as a refund, PARTIAL_REFUNDED as nothing yet, REVERSED (a released hold) as failed', () => {
    expect(paymentStateOf('REFUNDED')).toBe('refunded');
    expect(paymentStateOf('PARTIAL_REFUNDED')).toBe('pending');
    expect(paymentStateOf('REVERSED')).toBe('failed');
  });

  it('a refund of a paid top-up takes the money back once, however often it is notified', async () => {
    const owner = await payingOwner(api.t);
    const before = await balanceTotal(api.t, owner.token);
    const started = await startTopUp(owner.token, 'rub', 150_000);
    await fakes.tbank.pay(started.paymentId);
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 150_000);

    const refunded = await fakes.tbank.refund(started.paymentId);
    expect(refunded.status).toBe('REFUNDED');
    await fakes.tbank.settled();
    await fakes.tbank.redeliver(started.paymentId, 3);
    // A CONFIRMED notification arriving late changes nothing either (no second credit, no 5xx).
    const late = await tbankNotify({
      OrderId: started.orderId,
      Status: 'CONFIRMED',
      PaymentId: Number(started.paymentId),
      Amount: 150_000,
    });
    expect([late.status, await late.text()]).toEqual([200, 'OK']);

    expect(await balanceTotal(api.t, owner.token)).toBe(before);
    expect(await transactionOf(owner.token, started.orderId)).toMatchObject({ status: 'refunded' });
    const refunds = await refundsOf(owner.accountId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountMinor: -150_000, currency: 'rub', transactionId: null });
    expect(refunds[0]?.comment).toContain(started.orderId);
    const [row] = await api.t.db.select().from(transactions).where(eq(transactions.id, started.orderId));
    expect(row).toMatchObject({ status: 'refunded', providerStatus: 'REFUNDED' });
    const deliveries = fakes.tbank.deliveriesOf(started.paymentId);
    expect(deliveries.every((delivery) => delivery.delivered)).toBe(true);
  });

  it('a partial refund changes nothing; refunding the rest takes the whole payment back', async () => {
    const owner = await payingOwner(api.t);
    const before = await balanceTotal(api.t, owner.token);
    const started = await startTopUp(owner.token, 'rub', 200_000);
    await fakes.tbank.pay(started.paymentId);
    const partial = await fakes.tbank.refund(started.paymentId, { amount: 50_000 });
    expect(partial.status).toBe('PARTIAL_REFUNDED');
    await fakes.tbank.settled();
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 200_000);
    expect(await transactionOf(owner.token, started.orderId)).toMatchObject({ status: 'paid' });
    expect(await refundsOf(owner.accountId)).toHaveLength(0);

    await fakes.tbank.refund(started.paymentId);
    await fakes.tbank.settled();
    expect(await transactionOf(owner.token, started.orderId)).toMatchObject({ status: 'refunded' });
    expect(await balanceTotal(api.t, owner.token)).toBe(before);
  });

  it('a refund of the money already spent leaves the balance below zero, as the money stands', async () => {
    const owner = await payingOwner(api.t);
    const started = await startTopUp(owner.token, 'rub', 100_000);
    await fakes.tbank.pay(started.paymentId);
    const spent = await api.call('POST', '/api/subscription/new', {
      token: owner.token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
    });
    expect(spent.status).toBe(201);
    const left = await balanceTotal(api.t, owner.token);
    expect(left).toBeLessThan(100_000);
    await fakes.tbank.refund(started.paymentId);
    await fakes.tbank.settled();
    expect(await balanceTotal(api.t, owner.token)).toBe(left - 100_000);
  });

  it('a refunded top-up of the partner balance is taken back from the partner ledger', async () => {
    const owner = await payingOwner(api.t);
    const before = await balanceTotal(api.t, owner.token);
    const started = await startTopUp(owner.token, 'rub', 300_000);
    // As a partner's top-up is recorded (its money goes to the partner balance, not the account's).
    await api.t.db.update(transactions).set({ purse: 'partner' }).where(eq(transactions.id, started.orderId));
    await fakes.tbank.pay(started.paymentId);
    await fakes.tbank.refund(started.paymentId);
    await fakes.tbank.settled();
    await fakes.tbank.redeliver(started.paymentId, 2);
    const entries = await api.t.db
      .select()
      .from(partnerEntries)
      .where(eq(partnerEntries.transactionId, started.orderId));
    expect(entries.map((entry) => [entry.kind, entry.amountMinor]).sort()).toEqual([
      ['top_up', 300_000],
      ['top_up_refund', -300_000],
    ]);
    expect(entries.every((entry) => entry.partnerAccountId === owner.accountId)).toBe(true);
    expect(await refundsOf(owner.accountId)).toHaveLength(0);
    expect(await balanceTotal(api.t, owner.token)).toBe(before);
  });

  it('a refund reported for an order that was never paid, or for another payment, changes nothing', async () => {
    const owner = await payingOwner(api.t);
    const before = await balanceTotal(api.t, owner.token);
    const unpaid = await startTopUp(owner.token, 'rub', 100_000);
    const answer = await tbankNotify({
      OrderId: unpaid.orderId,
      Status: 'REFUNDED',
      PaymentId: Number(unpaid.paymentId),
      Amount: 100_000,
    });
    expect([answer.status, await answer.text()]).toEqual([200, 'OK']);
    expect(await transactionOf(owner.token, unpaid.orderId)).toMatchObject({ status: 'not_paid' });

    const paid = await startTopUp(owner.token, 'rub', 100_000);
    await fakes.tbank.pay(paid.paymentId);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const [paymentId, amount] of [
        [9_200_001, 100_000],
        [Number(paid.paymentId), 60_000],
      ] as const) {
        const foreign = await tbankNotify({
          OrderId: paid.orderId,
          Status: 'REFUNDED',
          PaymentId: paymentId,
          Amount: amount,
        });
        expect(foreign.status).toBe(200);
      }
      expect(errors.mock.calls.filter((call) => String(call[0]).includes(paid.orderId))).toHaveLength(2);
    } finally {
      errors.mockRestore();
    }
    expect(await transactionOf(owner.token, paid.orderId)).toMatchObject({ status: 'paid' });
    expect(await refundsOf(owner.accountId)).toHaveLength(0);
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 100_000);
  });
});

describe('refunds by Stripe (charge.refunded)', () => {
  async function paidCheckout(currency: string, amount: number) {
    const owner = await payingOwner(api.t, 0, { currency, language: 'en' });
    const before = await balanceTotal(api.t, owner.token);
    const started = await startTopUp(owner.token, currency, amount);
    const { event, session } = fakes.stripe.pay(started.paymentId);
    await fakes.stripe.delivered(event.id);
    return { owner, before, started, intentId: session.payment_intent ?? '' };
  }

  it('a full refund of a Checkout payment takes the money back once, however often it is delivered', async () => {
    const { owner, before, started, intentId } = await paidCheckout('usd', 2_500);
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 2_500);
    const { event, charge } = fakes.stripe.refund(intentId);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 2_500, payment_intent: intentId });
    expect((await fakes.stripe.delivered(event.id)).status).toBe(200);
    expect(await fakes.stripe.redeliver(event.id, 3)).toEqual([200, 200, 200]);
    expect(await balanceTotal(api.t, owner.token)).toBe(before);
    expect(await transactionOf(owner.token, started.orderId)).toMatchObject({ status: 'refunded' });
    expect(await refundsOf(owner.accountId)).toHaveLength(1);
    // The order was found through its session, listed by the charge's PaymentIntent.
    const listed = fakes.stripe.calls.filter(
      (call) => call.method === 'GET' && call.path === '/v1/checkout/sessions',
    );
    expect(listed.at(-1)?.params).toMatchObject({ payment_intent: intentId });
  });

  it('a partial refund changes nothing; the rest refunded takes the whole payment back', async () => {
    const { owner, before, started, intentId } = await paidCheckout('eur', 3_000);
    const partial = fakes.stripe.refund(intentId, 1_000);
    expect(partial.charge).toMatchObject({ refunded: false, amount_refunded: 1_000 });
    expect((await fakes.stripe.delivered(partial.event.id)).status).toBe(200);
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 3_000);
    expect(await transactionOf(owner.token, started.orderId)).toMatchObject({ status: 'paid' });

    const rest = fakes.stripe.refund(intentId);
    await fakes.stripe.delivered(rest.event.id);
    expect(await transactionOf(owner.token, started.orderId)).toMatchObject({ status: 'refunded' });
    expect(await balanceTotal(api.t, owner.token)).toBe(before);
    expect(() => fakes.stripe.refund(intentId)).toThrow(/already been refunded/);
  });

  it('a refund of a payment whose paid event never arrived changes nothing', async () => {
    const owner = await payingOwner(api.t, 0, { currency: 'usd', language: 'en' });
    const before = await balanceTotal(api.t, owner.token);
    const started = await startTopUp(owner.token, 'usd', 1_500);
    const endpoint = fakes.stripe.webhookUrl;
    fakes.stripe.setWebhookEndpoint(null);
    const { session } = fakes.stripe.pay(started.paymentId);
    fakes.stripe.setWebhookEndpoint(endpoint);
    const { event } = fakes.stripe.refund(session.payment_intent ?? '');
    expect((await fakes.stripe.delivered(event.id)).status).toBe(200);
    expect(await transactionOf(owner.token, started.orderId)).toMatchObject({ status: 'not_paid' });
    expect(await refundsOf(owner.accountId)).toHaveLength(0);
    expect(await balanceTotal(api.t, owner.token)).toBe(before);
  });
});

describe('refunds by Stripe of an off-session charge', () => {
  it('a refunded renewal charge is found by its PaymentIntent and taken back once', async () => {
    const owner = await payingOwner(api.t, 0, { currency: 'kzt' });
    const saved = await api.call('POST', '/api/payment/link', {
      token: owner.token,
      body: { currency: 'kzt', amount_minor: 550_000, recurrent: true, agree: true },
    });
    const [first] = await api.t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, saved.json.transaction_id));
    const { event } = fakes.stripe.pay(first?.providerPaymentId ?? '');
    await fakes.stripe.delivered(event.id);
    const bought = await api.call('POST', '/api/subscription/new', {
      token: owner.token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
    });
    expect(bought.status).toBe(201);
    api.t.clock.set(new Date(Date.parse(bought.json.expires_at) - 12 * 3_600_000));
    const login = await api.call('POST', '/api/login', {
      body: { email: owner.email, password: owner.password },
    });
    await schedules.find((one) => one.id === 'subscription-renewal')?.handler(api.t.ports, api.t.settings);
    const intent = fakes.stripe.paymentIntents.filter((one) => one.metadata.order_id !== undefined).at(-1);
    expect(intent).toMatchObject({ status: 'succeeded', currency: 'kzt' });
    const orderId = intent?.metadata.order_id ?? '';
    const before = await balanceTotal(api.t, login.json.token);

    const refund = fakes.stripe.refund(intent?.id ?? '');
    expect((await fakes.stripe.delivered(refund.event.id)).status).toBe(200);
    await fakes.stripe.redeliver(refund.event.id, 2);
    const [row] = await api.t.db.select().from(transactions).where(eq(transactions.id, orderId));
    expect(row).toMatchObject({ status: 'refunded', providerPaymentId: intent?.id });
    expect(await balanceTotal(api.t, login.json.token)).toBe(before - (intent?.amount ?? 0));
    expect(await refundsOf(owner.accountId)).toHaveLength(1);
  });
});
