import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, partnerEntries, subscriptions, transactions } from '../../db/schema';
import { paymentsFromConfig } from '../../functions/ports/payments-from-config';
import { type FakeTbank, startFakeTbank } from '../fakes/tbank';
import { signedInUser, uniqueEmail } from './support/client';
import { listeningTestApp } from './support/listening-app';
import { balanceTotal } from './support/money';

/**
 * The partner programme's money (issue #23 §2–3): the partner balance topped up by card, paying for
 * clients with the discount exactly once, referral sign-ups, earnings credited once per settled
 * payment and reversed on refund, and the Wazzup bonus once per client for the client's own card
 * payment, taken back by its refund.
 */

const TERMINAL = { terminalKey: 'PartnerTest', password: 'partner-pass-1' };
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

async function partner(overrides: Record<string, unknown> = {}) {
  const owner = await signedInUser(api.t, overrides);
  const role = await api.call('POST', '/api/profile', { token: owner.token, body: { role: 'partner' } });
  expect(role.status).toBe(200);
  const [row] = await api.t.db.select().from(accounts).where(eq(accounts.email, owner.email.toLowerCase()));
  if (!row) throw new Error('no partner row');
  return { ...owner, id: row.id };
}

async function clientOf(token: string, currency = 'rub') {
  const created = await api.call('POST', '/api/partner/clients', {
    token,
    body: { name: `Клиент ${currency}`, email: uniqueEmail(), currency },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json as { id: string; email: string };
}

/** Pays a card top-up on the fake T-Bank page and waits for its notification. */
async function payByCard(token: string, body: Record<string, unknown>) {
  const link = await api.call('POST', '/api/payment/link', {
    token,
    body: { currency: 'rub', agree: true, recurrent: false, ...body },
  });
  expect(link.status, JSON.stringify(link.json)).toBe(200);
  const [row] = await api.t.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, link.json.transaction_id));
  if (!row?.providerPaymentId) throw new Error('no payment id');
  await fakeBox.tbank.pay(row.providerPaymentId);
  await fakeBox.tbank.settled();
  return { transactionId: row.id, paymentId: row.providerPaymentId };
}

/** The partner balance as the cabinet reads it. */
const summaryOf = async (token: string) => (await api.call('GET', '/api/partner/summary', { token })).json;

/** Money on the partner balance without a card, for the tests about spending it. */
async function fund(partnerId: string, amountMinor: number) {
  await api.t.db.insert(partnerEntries).values({
    partnerAccountId: partnerId,
    amountMinor,
    currency: 'rub',
    kind: 'top_up',
    comment: 'test',
    createdAt: api.t.clock.now(),
  });
}

/** A session inside the client's account, as the partner's switch opens it. */
async function switchInto(token: string, clientId: string) {
  const session = await api.call('POST', `/api/partner/clients/${clientId}/session`, { token });
  expect(session.status).toBe(200);
  return session.json.token as string;
}

const ONE_BOT_MONTH = { items: [{ kind: 'bots', quantity: 1 }], term: '1m' };

describe('the partner balance', () => {
  it('is topped up by card into the partner balance only, and lists that payment apart', async () => {
    const p = await partner();
    const ownBefore = await balanceTotal(api.t, p.token);
    expect((await summaryOf(p.token)).balance_minor).toBe(0);

    await payByCard(p.token, { amount_minor: 500_000, purse: 'partner' });
    const summary = await summaryOf(p.token);
    expect(summary).toMatchObject({ balance_minor: 500_000, currency: 'rub', status: 'partner' });
    expect(await balanceTotal(api.t, p.token)).toBe(ownBefore);
    const profile = await api.call('GET', '/api/profile', { token: p.token });
    expect(profile.json.clients_partner.balance).toBe(500_000);

    const partnerPayments = await api.call('GET', '/api/transactions?purse=partner', { token: p.token });
    expect(partnerPayments.json.items).toHaveLength(1);
    expect(partnerPayments.json.items[0]).toMatchObject({ status: 'paid', amount_minor: 500_000 });
    const ownPayments = await api.call('GET', '/api/transactions', { token: p.token });
    expect(ownPayments.json.items).toHaveLength(0);
    const operations = await api.call('GET', '/api/partner/operations', { token: p.token });
    expect(operations.json.items).toMatchObject([{ kind: 'top_up', amount_minor: 500_000 }]);

    // Not a partner: no partner purse.
    const plain = await signedInUser(api.t);
    const refused = await api.call('POST', '/api/payment/link', {
      token: plain.token,
      body: { currency: 'rub', agree: true, amount_minor: 500_000, purse: 'partner' },
    });
    expect(refused.status).toBe(403);
  });
});

describe('paying for a client from the partner balance', () => {
  it('shows the discounted price first, then pays once under five parallel requests', async () => {
    const p = await partner();
    const client = await clientOf(p.token);
    await fund(p.id, 200_000);

    const quote = await api.call('POST', `/api/partner/clients/${client.id}/quote`, {
      token: p.token,
      body: ONE_BOT_MONTH,
    });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    // A bot for a month is 990 rub; the partner status takes 10 % off.
    expect(quote.json).toMatchObject({
      currency: 'rub',
      full_minor: 99_000,
      discount_percent: 10,
      discount_minor: 9_900,
      total_minor: 89_100,
      balance_minor: 200_000,
      missing_minor: 0,
    });

    const requestId = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.call('POST', `/api/partner/clients/${client.id}/pay`, {
          token: p.token,
          body: { ...ONE_BOT_MONTH, request_id: requestId },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => answer.json.subscription_id));
    expect(ids.size).toBe(1);
    expect((await summaryOf(p.token)).balance_minor).toBe(200_000 - 89_100);

    const clientSubscriptions = await api.t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, client.id));
    expect(clientSubscriptions).toHaveLength(1);
    expect(clientSubscriptions[0]?.paidAt).not.toBeNull();

    // The client sees an active subscription, paid by the partner, and its own balance untouched.
    const clientToken = await switchInto(p.token, client.id);
    const own = await api.call('GET', '/api/subscription', { token: clientToken });
    expect(own.json).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'active', price_minor: 99_000 })]),
    );
    const clientPayments = await api.call('GET', '/api/transactions', { token: clientToken });
    expect(clientPayments.json.items).toMatchObject([
      { operation: 'subscription', status: 'paid', amount_minor: 99_000 },
    ]);

    const operations = await api.call('GET', `/api/partner/operations?kind=client_subscription`, {
      token: p.token,
    });
    expect(operations.json.items).toMatchObject([
      { kind: 'client_subscription', amount_minor: -89_100, client: { id: client.id }, base_minor: 99_000 },
    ]);
  });

  it('pays one unpaid subscription once even when asked under different request ids', async () => {
    const p = await partner();
    const client = await clientOf(p.token);
    await fund(p.id, 1_000_000);
    const clientToken = await switchInto(p.token, client.id);
    const [clientRow] = await api.t.db.select().from(accounts).where(eq(accounts.id, client.id));
    // The client built a subscription it could not pay: it waits unpaid.
    await api.t.db
      .update(accounts)
      .set({ demoTill: new Date(api.t.clock.now().getTime() - 1000) })
      .where(eq(accounts.id, client.id));
    const bought = await api.call('POST', '/api/subscription/new', {
      token: clientToken,
      body: { items: [{ kind: 'bots', quantity: 3 }], term: '3m' },
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(402);
    const unpaidId = bought.json.subscription_id as string;
    expect(clientRow).toBeDefined();

    const listed = await api.call('GET', `/api/partner/clients/${client.id}/subscriptions`, {
      token: p.token,
    });
    expect(listed.json.items).toMatchObject([{ id: unpaidId, paid: false }]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.call('POST', `/api/partner/clients/${client.id}/pay`, {
          token: p.token,
          body: { subscription_id: unpaidId, request_id: crypto.randomUUID() },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.status === 409),
      JSON.stringify(answers.map((answer) => [answer.status, answer.json])),
    ).toHaveLength(4);
    const paid = await api.t.db
      .select()
      .from(partnerEntries)
      .where(and(eq(partnerEntries.partnerAccountId, p.id), eq(partnerEntries.kind, 'client_subscription')));
    expect(paid).toHaveLength(1);
  });

  it('refuses a request id used for another client or purchase, and charges nothing', async () => {
    const p = await partner();
    await fund(p.id, 1_000_000);
    const first = await clientOf(p.token);
    const other = await clientOf(p.token);
    const requestId = crypto.randomUUID();
    const paid = await api.call('POST', `/api/partner/clients/${first.id}/pay`, {
      token: p.token,
      body: { amount_minor: 50_000, request_id: requestId },
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    const balance = (await summaryOf(p.token)).balance_minor;
    for (const [clientId, body] of [
      [other.id, { amount_minor: 70_000 }],
      [other.id, { amount_minor: 50_000 }],
      [first.id, { amount_minor: 60_000 }],
      [first.id, ONE_BOT_MONTH],
    ] as const) {
      const reused = await api.call('POST', `/api/partner/clients/${clientId}/pay`, {
        token: p.token,
        body: { ...body, request_id: requestId },
        lang: 'en',
      });
      expect(reused.status, JSON.stringify(reused.json)).toBe(409);
      expect(reused.json).toMatchObject({ code: 'request_id_reused' });
      expect(reused.json.message).toContain('request_id');
    }
    const ru = await api.call('POST', `/api/partner/clients/${other.id}/pay`, {
      token: p.token,
      body: { amount_minor: 50_000, request_id: requestId },
    });
    expect(ru.json.message).toBe(
      'Этот request_id уже использован для другой оплаты: для новой оплаты нужен новый request_id',
    );
    expect((await summaryOf(p.token)).balance_minor).toBe(balance);
    expect(
      await api.t.db.select().from(transactions).where(eq(transactions.accountId, other.id)),
    ).toHaveLength(0);
    expect(
      await api.t.db.select().from(subscriptions).where(eq(subscriptions.accountId, first.id)),
    ).toHaveLength(0);
    // The same request again is still answered with what it did.
    const repeated = await api.call('POST', `/api/partner/clients/${first.id}/pay`, {
      token: p.token,
      body: { amount_minor: 50_000, request_id: requestId },
    });
    expect(repeated.status).toBe(200);
    expect(repeated.json.operation_id).toBe(paid.json.operation_id);
  });

  it('refuses an insufficient partner balance with the §8 message and writes nothing', async () => {
    const p = await partner();
    const client = await clientOf(p.token);
    await fund(p.id, 50_000);
    const refused = await api.call('POST', `/api/partner/clients/${client.id}/pay`, {
      token: p.token,
      body: { ...ONE_BOT_MONTH, request_id: crypto.randomUUID() },
    });
    expect(refused.status).toBe(402);
    expect(refused.json.message).toBe('Произошла ошибка при оплате');
    expect(refused.json.missing_minor).toBe(89_100 - 50_000);
    expect(
      await api.t.db.select().from(subscriptions).where(eq(subscriptions.accountId, client.id)),
    ).toHaveLength(0);
    expect((await summaryOf(p.token)).balance_minor).toBe(50_000);
  });

  it("tops up a client's balance with the discount: one row on each side", async () => {
    const p = await partner();
    const client = await clientOf(p.token);
    await fund(p.id, 100_000);
    const clientToken = await switchInto(p.token, client.id);
    const before = await balanceTotal(api.t, clientToken);
    const paid = await api.call('POST', `/api/partner/clients/${client.id}/pay`, {
      token: p.token,
      body: { amount_minor: 50_000, request_id: crypto.randomUUID() },
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect(paid.json).toMatchObject({ total_minor: 45_000, balance_minor: 55_000 });
    expect(await balanceTotal(api.t, clientToken)).toBe(before + 50_000);
  });

  it('explains a client in another currency, and answers 404 for another partner’s client', async () => {
    const p = await partner();
    const usdClient = await clientOf(p.token, 'usd');
    await fund(p.id, 1_000_000);
    const mismatch = await api.call('POST', `/api/partner/clients/${usdClient.id}/quote`, {
      token: p.token,
      body: ONE_BOT_MONTH,
    });
    expect(mismatch.status).toBe(409);
    expect(mismatch.json.message).toBe(
      'Клиент платит в USD, а партнёрский баланс в RUB: оплатить можно только клиента в той же валюте',
    );
    const other = await partner();
    const foreign = await api.call('POST', `/api/partner/clients/${usdClient.id}/pay`, {
      token: other.token,
      body: { amount_minor: 50_000, request_id: crypto.randomUUID() },
    });
    expect(foreign.status).toBe(404);
    const foreignList = await api.call('GET', `/api/partner/clients/${usdClient.id}/subscriptions`, {
      token: other.token,
    });
    expect(foreignList.status).toBe(404);
  });
});

describe('referral links and earnings', () => {
  it('ties a sign-up to the link once and counts registrations and paying accounts', async () => {
    const p = await partner();
    const created = await api.call('POST', '/api/partner/referral-links', {
      token: p.token,
      body: { name: 'Instagram', utm: { source: 'instagram', campaign: 'autumn' } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.url).toBe(
      `${api.origin}/signup?ref_id=${created.json.ref_id}&utm_source=instagram&utm_campaign=autumn`,
    );
    const bad = await api.call('POST', '/api/partner/referral-links', {
      token: p.token,
      body: { name: ' ', utm: { source: 'не латиница' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toMatchObject({ name: 'Укажите название ссылки' });

    const referred = await signedInUser(api.t, { query: { ref_id: created.json.ref_id } });
    // A second sign-up attempt with the same address changes nothing.
    const again = await api.call('POST', '/api/register', {
      body: { ...referred, query: { ref_id: created.json.ref_id } },
    });
    expect(again.status).toBe(409);
    let links = await api.call('GET', '/api/partner/referral-links', { token: p.token });
    expect(links.json.items).toMatchObject([{ name: 'Instagram', registrations: 1, paying: 0 }]);

    // The referred account pays by card for a subscription: it counts as paying, the partner earns.
    await payByCard(referred.token, { amount_minor: 100_000 });
    links = await api.call('GET', '/api/partner/referral-links', { token: p.token });
    expect(links.json.items).toMatchObject([{ registrations: 1, paying: 1 }]);
    // A plain top-up earns the transaction share, 0 % at the partner status.
    expect((await summaryOf(p.token)).balance_minor).toBe(0);

    // The partner cannot open a referred account: it is not its client.
    const [referredRow] = await api.t.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, referred.email.toLowerCase()));
    const open = await api.call('POST', `/api/partner/clients/${referredRow?.id}/session`, {
      token: p.token,
    });
    expect(open.status).toBe(404);
  });

  it('credits the subscription share once per settled payment and takes it back on a refund', async () => {
    const p = await partner();
    const client = await clientOf(p.token);
    const clientToken = await switchInto(p.token, client.id);
    await api.t.db
      .update(accounts)
      .set({ demoTill: new Date(api.t.clock.now().getTime() - 1000) })
      .where(eq(accounts.id, client.id));
    const bought = await api.call('POST', '/api/subscription/new', {
      token: clientToken,
      body: { items: [{ kind: 'bots', quantity: 2 }], term: '1m' },
    });
    expect(bought.status).toBe(402);
    const missing = bought.json.missing_minor as number;
    const card = await payByCard(clientToken, {
      amount_minor: missing,
      subscription_id: bought.json.subscription_id,
    });
    await fakeBox.tbank.redeliver(card.paymentId, 3);
    const share = Math.floor((missing * 10) / 100);
    expect((await summaryOf(p.token)).balance_minor).toBe(share);
    const earned = await api.call('GET', '/api/partner/operations?kind=earning', { token: p.token });
    expect(earned.json.items).toMatchObject([
      { kind: 'earning', amount_minor: share, base_minor: missing, rate_percent: 10, status: 'partner' },
    ]);
    const byClient = await api.call('GET', '/api/partner/earnings?by=client', { token: p.token });
    expect(byClient.json.items).toMatchObject([
      { client: { id: client.id }, earned_minor: share, net_minor: share, payments: 1 },
    ]);

    await fakeBox.tbank.refund(card.paymentId);
    await fakeBox.tbank.settled();
    await fakeBox.tbank.redeliver(card.paymentId, 3);
    expect((await summaryOf(p.token)).balance_minor).toBe(0);
    const byMonth = await api.call('GET', '/api/partner/earnings?by=month', { token: p.token });
    expect(byMonth.json.items).toMatchObject([{ earned_minor: share, reversed_minor: share, net_minor: 0 }]);
    expect(byMonth.json.total_minor).toBe(0);
  });
});

const WAZZUP_MONTH = { items: [{ kind: 'wazzup', quantity: 1 }], term: '1m' };
const WAZZUP_MONTH_MINOR = 49_000;

/** The client's own session, past its demo, with a Wazzup month built and waiting for money. */
async function clientWaitingForWazzup(partnerToken: string, clientId: string) {
  const clientToken = await switchInto(partnerToken, clientId);
  await api.t.db
    .update(accounts)
    .set({ demoTill: new Date(api.t.clock.now().getTime() - 1000) })
    .where(eq(accounts.id, clientId));
  const bought = await api.call('POST', '/api/subscription/new', { token: clientToken, body: WAZZUP_MONTH });
  expect(bought.status, JSON.stringify(bought.json)).toBe(402);
  return {
    clientToken,
    subscriptionId: bought.json.subscription_id as string,
    missing: bought.json.missing_minor as number,
  };
}

const bonusesOf = (partnerId: string) =>
  api.t.db
    .select()
    .from(partnerEntries)
    .where(and(eq(partnerEntries.partnerAccountId, partnerId), eq(partnerEntries.kind, 'wazzup_bonus')));

describe("Wazzup's referral bonus", () => {
  it('is not credited for Wazzup months the partner paid from the partner balance', async () => {
    const p = await partner();
    await fund(p.id, 44_100 * 5);
    // Free client accounts and a 441 rub month each: no bonus, or the partner would mint money.
    for (let time = 0; time < 5; time += 1) {
      const client = await clientOf(p.token);
      const paid = await api.call('POST', `/api/partner/clients/${client.id}/pay`, {
        token: p.token,
        body: { ...WAZZUP_MONTH, request_id: crypto.randomUUID() },
      });
      expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    }
    expect(await bonusesOf(p.id)).toHaveLength(0);
    expect((await summaryOf(p.token)).balance_minor).toBe(0);
  });

  it('is not credited when the partner filled the client balance and a card paid only the rest', async () => {
    const p = await partner();
    const client = await clientOf(p.token);
    await fund(p.id, 100_000);
    const filled = await api.call('POST', `/api/partner/clients/${client.id}/pay`, {
      token: p.token,
      body: { amount_minor: 30_000, request_id: crypto.randomUUID() },
    });
    expect(filled.status, JSON.stringify(filled.json)).toBe(201);
    const waiting = await clientWaitingForWazzup(p.token, client.id);
    expect(waiting.missing).toBeLessThanOrEqual(WAZZUP_MONTH_MINOR - 30_000);
    await payByCard(waiting.clientToken, {
      amount_minor: waiting.missing,
      subscription_id: waiting.subscriptionId,
    });
    const [row] = await api.t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, waiting.subscriptionId));
    expect(row?.paidAt).not.toBeNull();
    expect(await bonusesOf(p.id)).toHaveLength(0);
  });

  it("is credited once for the client's own card payment, and a refund takes it back once", async () => {
    const p = await partner();
    const client = await clientOf(p.token);
    const first = await clientWaitingForWazzup(p.token, client.id);
    // The welcome money covers part of the price; the card pays what is missing.
    expect(first.missing).toBeLessThan(WAZZUP_MONTH_MINOR);
    const card = await payByCard(first.clientToken, {
      amount_minor: first.missing,
      subscription_id: first.subscriptionId,
    });
    await fakeBox.tbank.redeliver(card.paymentId, 3);
    const share = Math.floor((first.missing * 10) / 100);
    expect((await summaryOf(p.token)).balance_minor).toBe(share + 100_000);
    const bonuses = await api.call('GET', '/api/partner/operations?kind=wazzup_bonus', { token: p.token });
    expect(bonuses.json.items).toMatchObject([
      { kind: 'wazzup_bonus', amount_minor: 100_000, client: { id: client.id } },
    ]);
    expect(await bonusesOf(p.id)).toMatchObject([
      { transactionId: card.transactionId, subscriptionId: first.subscriptionId },
    ]);

    // A second Wazzup month paid by card earns its share, not a second bonus.
    const second = await api.call('POST', '/api/subscription/new', {
      token: first.clientToken,
      body: WAZZUP_MONTH,
    });
    expect(second.status, JSON.stringify(second.json)).toBe(402);
    await payByCard(first.clientToken, {
      amount_minor: second.json.missing_minor,
      subscription_id: second.json.subscription_id,
    });
    const secondShare = Math.floor((second.json.missing_minor * 10) / 100);
    expect(await bonusesOf(p.id)).toHaveLength(1);
    expect((await summaryOf(p.token)).balance_minor).toBe(share + secondShare + 100_000);

    // The refund of the payment that earned the bonus takes back its share and the bonus, once.
    await fakeBox.tbank.refund(card.paymentId);
    await fakeBox.tbank.settled();
    await fakeBox.tbank.redeliver(card.paymentId, 3);
    expect((await summaryOf(p.token)).balance_minor).toBe(secondShare);
    const reversals = await api.t.db
      .select()
      .from(partnerEntries)
      .where(and(eq(partnerEntries.partnerAccountId, p.id), eq(partnerEntries.kind, 'earning_reversal')));
    expect(reversals.map((row) => [row.amountMinor, row.transactionId, row.comment]).sort()).toEqual(
      [
        [-100_000, card.transactionId, 'wazzup'],
        [-share, card.transactionId, 'refund'],
      ].sort(),
    );
    const byMonth = await api.call('GET', '/api/partner/earnings?by=month', { token: p.token });
    expect(byMonth.json.total_minor).toBe(secondShare);
  });
});

describe('the partner balance and the currency', () => {
  it('keeps the currency once money moved on the partner balance', async () => {
    const p = await partner();
    await fund(p.id, 10_000);
    const changed = await api.call('POST', '/api/profile', { token: p.token, body: { currency: 'usd' } });
    expect(changed.status).toBe(409);
    expect(changed.json.code).toBe('currency_locked');
    expect((await summaryOf(p.token)).currency).toBe('rub');
    // Without partner money the same change goes through.
    const fresh = await partner();
    const free = await api.call('POST', '/api/profile', { token: fresh.token, body: { currency: 'usd' } });
    expect(free.status).toBe(200);
  });
});
