import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEntries, transactions } from '../../db/schema';
import { paymentsFromConfig } from '../../functions/ports/payments-from-config';
import { schedules } from '../../schedules';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe';
import { listeningTestApp } from './support/listening-app';
import { balanceTotal, payingOwner } from './support/money';

const fakeBox = {} as { stripe: FakeStripe };

beforeAll(async () => {
  fakeBox.stripe = await startFakeStripe({ retryIntervalMs: 50 });
});
afterAll(() => fakeBox.stripe.close());

const api = listeningTestApp((origin) => {
  fakeBox.stripe.setWebhookEndpoint(`${origin}/api/payment/notify/stripe`);
  return {
    payments: paymentsFromConfig({
      STRIPE_SECRET_KEY: fakeBox.stripe.apiKey,
      STRIPE_WEBHOOK_SECRET: fakeBox.stripe.webhookSecret,
      STRIPE_API_BASE: fakeBox.stripe.url,
    }),
  };
});

async function checkout(token: string, currency: string, amount: number, recurrent = false) {
  const answer = await api.call('POST', '/api/payment/link', {
    token,
    body: { currency, amount_minor: amount, recurrent, agree: true },
  });
  if (answer.status !== 200) throw new Error(`link: ${JSON.stringify(answer.json)}`);
  const [row] = await api.t.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, answer.json.transaction_id));
  return { url: answer.json.url as string, sessionId: row?.providerPaymentId ?? '' };
}

const topUpsOf = (accountId: string) =>
  api.t.db
    .select()
    .from(balanceEntries)
    .where(and(eq(balanceEntries.accountId, accountId), eq(balanceEntries.kind, 'top_up')));

describe('payments by Stripe Checkout (usd, eur, kzt)', () => {
  it('a usd top-up is credited once when the signed event arrives, however often', async () => {
    const owner = await payingOwner(api.t, 0, { currency: 'usd', language: 'en' });
    const before = await balanceTotal(api.t, owner.token);
    const started = await checkout(owner.token, 'usd', 2_500);
    expect(started.url).toContain(`/pay/${started.sessionId}`);
    const { event } = fakeBox.stripe.pay(started.sessionId);
    await fakeBox.stripe.delivered(event.id);
    expect(await fakeBox.stripe.redeliver(event.id, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 2_500);
    expect(await topUpsOf(owner.accountId)).toHaveLength(1);
  });

  it('refuses an event with a bad signature and a rouble payment it does not take', async () => {
    const owner = await payingOwner(api.t, 0, { currency: 'eur' });
    const started = await checkout(owner.token, 'eur', 1_000);
    const { event } = fakeBox.stripe.pay(started.sessionId);
    await fakeBox.stripe.delivered(event.id);
    const body = JSON.stringify({ ...event, id: 'evt_forged' });
    const forged = await api.t.app.request('/api/payment/notify/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': fakeBox.stripe.sign(body, undefined, 'whsec_wrong'),
      },
      body,
    });
    expect(forged.status).toBe(401);
    expect(await topUpsOf(owner.accountId)).toHaveLength(1);
    const rub = await payingOwner(api.t);
    const refused = await api.call('POST', '/api/payment/link', {
      token: rub.token,
      body: { currency: 'rub', amount_minor: 100_000, agree: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('payments_not_configured');
  });

  it('a kzt card saved at checkout pays the renewal off-session', async () => {
    const owner = await payingOwner(api.t, 0, { currency: 'kzt' });
    const started = await checkout(owner.token, 'kzt', 550_000, true);
    const { event } = fakeBox.stripe.pay(started.sessionId);
    await fakeBox.stripe.delivered(event.id);
    const cards = await api.call('GET', '/api/recurrent_payments', { token: owner.token });
    expect(cards.json).toHaveLength(1);
    expect(cards.json[0]).toMatchObject({ provider: 'stripe', currency: 'kzt' });
    const bought = await api.call('POST', '/api/subscription/new', {
      token: owner.token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
    });
    expect(bought.status).toBe(201);
    const left = await balanceTotal(api.t, owner.token);
    api.t.clock.set(new Date(Date.parse(bought.json.expires_at) - 12 * 3_600_000));
    const login = await api.call('POST', '/api/login', {
      body: { email: owner.email, password: owner.password },
    });
    await schedules.find((one) => one.id === 'subscription-renewal')?.handler(api.t.ports, api.t.settings);
    const offSession = fakeBox.stripe.paymentIntents.filter(
      (intent) => intent.metadata.order_id !== undefined,
    );
    expect(offSession.at(-1)).toMatchObject({ amount: 550_000, currency: 'kzt', status: 'succeeded' });
    const list = await api.call('GET', '/api/subscription', { token: login.json.token });
    expect(list.json.find((one: { renewal_of: string }) => one.renewal_of === bought.json.id)?.status).toBe(
      'in_advance',
    );
    expect(await balanceTotal(api.t, login.json.token)).toBe(left);
  });
});
