import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema';
import { paymentsFromConfig } from '../../functions/ports/payments-from-config';
import { schedules } from '../../schedules';
import { type FakeTbank, startFakeTbank } from '../fakes/tbank';
import { listeningTestApp } from './support/listening-app';
import { balanceTotal, payingOwner } from './support/money';

const TERMINAL = { terminalKey: 'BotBuilderRenew', password: 'renew-pass-123' };
const fakeBox = {} as { tbank: FakeTbank };
const BOT_MONTH_RUB = 99_000;
const HOUR = 3_600_000;

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

const runSchedule = async (id: string) => {
  const schedule = schedules.find((one) => one.id === id);
  if (!schedule) throw new Error(`no schedule ${id}`);
  await schedule.handler(api.t.ports, api.t.settings);
};

async function buyOneBot(token: string) {
  const bought = await api.call('POST', '/api/subscription/new', {
    token,
    body: { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
  });
  if (bought.status !== 201) throw new Error(`buy: ${JSON.stringify(bought.json)}`);
  return bought.json as { id: string; expires_at: string };
}

/** Pays `amount` by card on the fake page, saving the card when asked. */
async function payByCard(token: string, amount: number, recurrent: boolean) {
  const started = await api.call('POST', '/api/payment/link', {
    token,
    body: { currency: 'rub', amount_minor: amount, recurrent, agree: true },
  });
  const [row] = await api.t.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, started.json.transaction_id));
  await fakeBox.tbank.pay(row?.providerPaymentId ?? '');
  await fakeBox.tbank.settled();
  return row?.providerPaymentId ?? '';
}

const subscriptionsOf = async (token: string) => {
  const answer = await api.call('GET', '/api/subscription', { token });
  if (!Array.isArray(answer.json)) throw new Error(JSON.stringify(answer.json));
  return answer.json as { id: string; status: string; renewal_of: string | null }[];
};

/**
 * Moves the shared clock to `hoursBefore` hours before `expiresAt` (never backwards), and signs the
 * owner in again: a month later the old session has ended.
 */
async function moveTo(
  owner: { email: string; password: string; token: string },
  expiresAt: string,
  hoursBefore: number,
) {
  const target = Date.parse(expiresAt) - hoursBefore * HOUR;
  if (target > api.t.clock.now().getTime()) api.t.clock.set(new Date(target));
  const login = await api.call('POST', '/api/login', {
    body: { email: owner.email, password: owner.password },
  });
  owner.token = login.json.token;
}

describe('subscriptions: auto-renewal a day before expiry', () => {
  it('renews from the balance when it holds the price, once, without touching a card', async () => {
    const owner = await payingOwner(api.t, 3 * BOT_MONTH_RUB);
    const current = await buyOneBot(owner.token);
    await runSchedule('subscription-renewal');
    expect((await subscriptionsOf(owner.token)).filter((one) => one.renewal_of === current.id)).toHaveLength(
      0,
    );

    await moveTo(owner, current.expires_at, 12);
    const charges = fakeBox.tbank.callsOf('Charge').length;
    await runSchedule('subscription-renewal');
    await runSchedule('subscription-renewal');
    const renewals = (await subscriptionsOf(owner.token)).filter((one) => one.renewal_of === current.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.status).toBe('in_advance');
    expect(fakeBox.tbank.callsOf('Charge')).toHaveLength(charges);
    expect(await balanceTotal(api.t, owner.token)).toBe(10_000 + 3 * BOT_MONTH_RUB - 2 * BOT_MONTH_RUB);
  });

  it('charges the saved card (RebillId, initiator R) when the balance is short, once per period', async () => {
    const owner = await payingOwner(api.t);
    await payByCard(owner.token, BOT_MONTH_RUB, true);
    const current = await buyOneBot(owner.token);
    const left = await balanceTotal(api.t, owner.token);
    await moveTo(owner, current.expires_at, 20);
    await runSchedule('subscription-renewal');
    await runSchedule('subscription-renewal');
    const charges = fakeBox.tbank.callsOf('Charge').filter((call) => call.response.Status === 'CONFIRMED');
    expect(charges).toHaveLength(1);
    const chargeInit = fakeBox.tbank.callsOf('Init').at(-1);
    expect(chargeInit?.params).toMatchObject({ Amount: BOT_MONTH_RUB });
    expect((chargeInit?.params.DATA as Record<string, string> | undefined)?.OperationInitiatorType).toBe('R');
    const renewal = (await subscriptionsOf(owner.token)).find((one) => one.renewal_of === current.id);
    expect(renewal?.status).toBe('in_advance');
    // The card paid the renewal: the balance is where it was.
    expect(await balanceTotal(api.t, owner.token)).toBe(left);
  });

  it('a declined card leaves the renewal unpaid, a "not paid" transaction, and an e-mail to the owner', async () => {
    const owner = await payingOwner(api.t);
    await payByCard(owner.token, BOT_MONTH_RUB, true);
    const current = await buyOneBot(owner.token);
    fakeBox.tbank.chargeOutcome = 'insufficient_funds';
    try {
      await moveTo(owner, current.expires_at, 20);
      await runSchedule('subscription-renewal');
      await runSchedule('subscription-renewal');
    } finally {
      fakeBox.tbank.chargeOutcome = 'success';
    }
    const renewal = (await subscriptionsOf(owner.token)).find((one) => one.renewal_of === current.id);
    expect(renewal?.status).toBe('inactive');
    const listed = await api.call('GET', '/api/transactions', { token: owner.token });
    const attempt = listed.json.items.filter((item: { operation: string }) => item.operation === 'renewal');
    expect(attempt).toHaveLength(1);
    expect(attempt[0]).toMatchObject({ status: 'not_paid', amount_minor: BOT_MONTH_RUB });
    const mails = api.t.mail.sent.filter((mail) => mail.to === owner.email && /продлить/.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('карта отклонена');
  });

  it('without money or a card: the same notice, and paying by hand later renews it', async () => {
    const owner = await payingOwner(api.t, BOT_MONTH_RUB);
    const current = await buyOneBot(owner.token);
    await moveTo(owner, current.expires_at, 20);
    await runSchedule('subscription-renewal');
    const mails = api.t.mail.sent.filter((mail) => mail.to === owner.email && /продлить/.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('нет сохранённой карты');
    const renewal = (await subscriptionsOf(owner.token)).find((one) => one.renewal_of === current.id);
    expect(renewal?.status).toBe('inactive');

    await payByCard(owner.token, BOT_MONTH_RUB, false);
    const paid = await api.call('POST', '/api/subscription/new', {
      token: owner.token,
      body: { id: renewal?.id },
    });
    expect(paid.status).toBe(201);
    expect(paid.json.status).toBe('in_advance');
  });
});

describe('payments: reconciliation', () => {
  it('a payment whose notification never came is credited once by asking T-Bank', async () => {
    const owner = await payingOwner(api.t);
    const before = await balanceTotal(api.t, owner.token);
    const publicUrl = api.t.settings.publicUrl;
    // Nothing listens here: every notification for this payment is lost.
    api.t.settings.publicUrl = 'http://127.0.0.1:9';
    let paymentId = '';
    try {
      paymentId = await payByCard(owner.token, 120_000, false);
    } finally {
      api.t.settings.publicUrl = publicUrl;
    }
    expect(fakeBox.tbank.deliveriesOf(paymentId).every((delivery) => !delivery.delivered)).toBe(true);
    expect(await balanceTotal(api.t, owner.token)).toBe(before);
    api.t.clock.set(new Date(api.t.clock.now().getTime() + 11 * 60_000));
    await runSchedule('payment-reconcile');
    await runSchedule('payment-reconcile');
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 120_000);
  });
});
