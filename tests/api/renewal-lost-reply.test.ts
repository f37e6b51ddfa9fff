import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEntries, transactions } from '../../db/schema';
import type { FetchLike } from '../../functions/payments/tbank/client';
import { createTbankProvider } from '../../functions/payments/tbank/provider';
import type { Payments } from '../../functions/ports/payments';
import { schedules } from '../../schedules';
import { type FakeTbank, fakeTbankToken, startFakeTbank } from '../fakes/tbank';
import { listeningTestApp } from './support/listening-app';
import { balanceTotal, payingOwner } from './support/money';

/**
 * A renewal charged to a saved card whose Charge answer is lost (a timeout after the bank charged):
 * the PaymentId is stored between Init and Charge, so the bank's CONFIRMED notification, or
 * reconciliation when that is lost too, tops the balance up and pays the renewal, once.
 */

const TERMINAL = { terminalKey: 'BotBuilderLost', password: 'lost-pass-123' };
const fakeBox = {} as { tbank: FakeTbank };
const BOT_MONTH_RUB = 99_000;
const HOUR = 3_600_000;
/** What the wire does: `chargeAnswer` lost drops Charge's answer; `notifications` lost sends them nowhere. */
const wire = { chargeAnswerLost: false, notificationsLost: false };

beforeAll(async () => {
  fakeBox.tbank = await startFakeTbank({ terminals: [TERMINAL], retryIntervalMs: 50, maxAttempts: 3 });
});
afterAll(() => fakeBox.tbank.close());

const lossyFetch: FetchLike = async (input, init) => {
  let request = init;
  if (wire.notificationsLost && input.endsWith('/v2/Init')) {
    const { Token: _token, ...params } = JSON.parse(String(init.body)) as Record<string, unknown>;
    const dead = { ...params, NotificationURL: 'http://127.0.0.1:9/api/payment/notify/tbank' };
    request = { ...init, body: JSON.stringify({ ...dead, Token: fakeTbankToken(dead, TERMINAL.password) }) };
  }
  const response = await fetch(input, request);
  if (wire.chargeAnswerLost && input.endsWith('/v2/Charge')) {
    await response.text();
    throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  }
  return response;
};

const api = listeningTestApp(() => {
  const tbank = createTbankProvider({
    terminalKey: TERMINAL.terminalKey,
    password: TERMINAL.password,
    apiRoot: fakeBox.tbank.url,
    fetch: lossyFetch,
  });
  const payments: Payments = {
    forCurrency: (currency) => (currency === 'rub' ? tbank : null),
    byName: (name) => (name === 'tbank' ? tbank : null),
  };
  return { payments };
});

const runSchedule = async (id: string) => {
  const schedule = schedules.find((one) => one.id === id);
  if (!schedule) throw new Error(`no schedule ${id}`);
  await schedule.handler(api.t.ports, api.t.settings);
};

/** An owner with a saved card (a paid recurrent top-up) and one bot bought for a month. */
async function ownerWithCardAndBot() {
  const owner = await payingOwner(api.t);
  const started = await api.call('POST', '/api/payment/link', {
    token: owner.token,
    body: { currency: 'rub', amount_minor: BOT_MONTH_RUB, recurrent: true, agree: true },
  });
  const [row] = await api.t.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, started.json.transaction_id));
  await fakeBox.tbank.pay(row?.providerPaymentId ?? '');
  await fakeBox.tbank.settled();
  const bought = await api.call('POST', '/api/subscription/new', {
    token: owner.token,
    body: { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
  });
  if (bought.status !== 201) throw new Error(`buy: ${JSON.stringify(bought.json)}`);
  return { owner, expiresAt: bought.json.expires_at as string };
}

/** A day before expiry (never backwards), the renewal schedule run, the owner signed in again. */
async function renewNear(owner: { email: string; password: string; token: string }, expiresAt: string) {
  const target = Date.parse(expiresAt) - 20 * HOUR;
  if (target > api.t.clock.now().getTime()) api.t.clock.set(new Date(target));
  await runSchedule('subscription-renewal');
  await fakeBox.tbank.settled();
  const login = await api.call('POST', '/api/login', {
    body: { email: owner.email, password: owner.password },
  });
  owner.token = login.json.token;
}

async function renewalOf(accountId: string) {
  const rows = await api.t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.accountId, accountId), eq(transactions.operation, 'renewal')));
  expect(rows).toHaveLength(1);
  const row = rows[0];
  if (!row) throw new Error('no renewal transaction');
  return row;
}

/** What the owner sees and what the ledger holds for the account. */
async function state(owner: { accountId: string; token: string }) {
  const renewal = await renewalOf(owner.accountId);
  const entries = await api.t.db
    .select()
    .from(balanceEntries)
    .where(eq(balanceEntries.accountId, owner.accountId));
  const subscriptions = (await api.call('GET', '/api/subscription', { token: owner.token })).json as {
    status: string;
    renewal_of: string | null;
  }[];
  return {
    balance: await balanceTotal(api.t, owner.token),
    renewal: { status: renewal.status, paymentId: renewal.providerPaymentId },
    entries: entries.length,
    renewalPaid: subscriptions.some((one) => one.renewal_of !== null && one.status !== 'inactive'),
  };
}

/** Waits for the bank's CONFIRMED notification to be answered OK (its first try is not awaited). */
async function confirmedDelivered(paymentId: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const deliveries = fakeBox.tbank.deliveriesOf(paymentId);
    if (deliveries.some((one) => one.status === 'CONFIRMED' && one.delivered)) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`payment ${paymentId}: the CONFIRMED notification was not answered OK`);
}

const chargesConfirmed = () =>
  fakeBox.tbank.callsOf('Charge').filter((call) => call.response.Status === 'CONFIRMED').length;

describe('a renewal whose Charge answer is lost after the bank charged', () => {
  it('is credited by the CONFIRMED notification, once; a redelivery changes nothing', async () => {
    const { owner, expiresAt } = await ownerWithCardAndBot();
    const before = await balanceTotal(api.t, owner.token);
    const charged = chargesConfirmed();
    wire.chargeAnswerLost = true;
    try {
      await renewNear(owner, expiresAt);
    } finally {
      wire.chargeAnswerLost = false;
    }
    expect(chargesConfirmed()).toBe(charged + 1);
    const renewal = await renewalOf(owner.accountId);
    const paymentId = renewal.providerPaymentId ?? '';
    expect(paymentId).not.toBe('');
    await confirmedDelivered(paymentId);

    const credited = await state(owner);
    // The charge topped the balance up by the price and the renewal took it: the balance is as before.
    expect(credited).toMatchObject({
      balance: before,
      renewal: { status: 'paid', paymentId },
      renewalPaid: true,
    });
    const topUps = await api.t.db
      .select()
      .from(balanceEntries)
      .where(
        and(eq(balanceEntries.accountId, owner.accountId), eq(balanceEntries.amountMinor, BOT_MONTH_RUB)),
      );
    expect(topUps).toHaveLength(2); // the first top-up and the renewal's charge

    const attempts = await fakeBox.tbank.redeliver(paymentId, 2);
    expect(attempts.every((attempt) => attempt.status === 200)).toBe(true);
    api.t.clock.set(new Date(api.t.clock.now().getTime() + 11 * 60_000));
    await runSchedule('payment-reconcile');
    await runSchedule('subscription-renewal');
    expect(await state(owner)).toEqual(credited);
    expect(chargesConfirmed()).toBe(charged + 1);
  });

  it('is credited by reconciliation when the notification is lost too, once', async () => {
    const { owner, expiresAt } = await ownerWithCardAndBot();
    const before = await balanceTotal(api.t, owner.token);
    wire.chargeAnswerLost = true;
    wire.notificationsLost = true;
    try {
      await renewNear(owner, expiresAt);
    } finally {
      wire.chargeAnswerLost = false;
      wire.notificationsLost = false;
    }
    const pending = await renewalOf(owner.accountId);
    expect(pending.status).toBe('not_paid');
    expect(pending.providerPaymentId).not.toBeNull();
    expect(fakeBox.tbank.payments.find((one) => one.paymentId === pending.providerPaymentId)?.status).toBe(
      'CONFIRMED',
    );

    api.t.clock.set(new Date(api.t.clock.now().getTime() + 11 * 60_000));
    await runSchedule('payment-reconcile');
    const credited = await state(owner);
    expect(credited).toMatchObject({
      balance: before,
      renewal: { status: 'paid', paymentId: pending.providerPaymentId },
      renewalPaid: true,
    });
    await runSchedule('payment-reconcile');
    await runSchedule('subscription-renewal');
    expect(await state(owner)).toEqual(credited);
  });

  it('a Charge the bank refuses leaves the renewal unpaid and mails the owner, as before', async () => {
    const { owner, expiresAt } = await ownerWithCardAndBot();
    const before = await balanceTotal(api.t, owner.token);
    fakeBox.tbank.chargeOutcome = 'insufficient_funds';
    try {
      await renewNear(owner, expiresAt);
    } finally {
      fakeBox.tbank.chargeOutcome = 'success';
    }
    const renewal = await renewalOf(owner.accountId);
    expect(renewal.status).toBe('not_paid');
    expect(renewal.providerPaymentId).not.toBeNull();
    expect(await balanceTotal(api.t, owner.token)).toBe(before);
    const mails = api.t.mail.sent.filter((mail) => mail.to === owner.email && /продлить/.test(mail.subject));
    expect(mails).toHaveLength(1);
    api.t.clock.set(new Date(api.t.clock.now().getTime() + 11 * 60_000));
    await runSchedule('payment-reconcile');
    expect((await renewalOf(owner.accountId)).status).toBe('not_paid');
    expect(await balanceTotal(api.t, owner.token)).toBe(before);
  });
});
