import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  return {
    url: answer.json.url as string,
    sessionId: row?.providerPaymentId ?? '',
    orderId: answer.json.transaction_id as string,
  };
}

/** A delivery of an event Stripe signed with the endpoint's secret. */
function notify(event: Record<string, unknown>) {
  const body = JSON.stringify(event);
  return api.t.app.request('/api/payment/notify/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': fakeBox.stripe.sign(body) },
    body,
  });
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

  it('credits nothing for a signed event whose currency or session is not the order’s, and answers 2xx', async () => {
    const owner = await payingOwner(api.t, 0, { currency: 'usd', language: 'en' });
    const before = await balanceTotal(api.t, owner.token);
    const started = await checkout(owner.token, 'usd', 2_000);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // The order's own session, signed by Stripe, paid with 2,000 minor units of KZT (20 tenge).
      const session = { ...fakeBox.stripe.session(started.sessionId), payment_status: 'paid' };
      const tenge = await notify({
        id: 'evt_kzt_for_usd',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { ...session, status: 'complete', currency: 'kzt', amount_total: 2_000 } },
      });
      expect(tenge.status).toBe(200);
      // The right currency and amount, but another session than the one the order started.
      const other = fakeBox.stripe.openSession({
        currency: 'usd',
        amount: 2_000,
        clientReferenceId: started.orderId,
      });
      const usd = fakeBox.stripe.pay(other.id);
      expect((await fakeBox.stripe.delivered(usd.event.id)).status).toBe(200);
      expect(await topUpsOf(owner.accountId)).toHaveLength(0);
      expect(await balanceTotal(api.t, owner.token)).toBe(before);
      const logged = errors.mock.calls.map((call) => String(call[0]));
      expect(logged.filter((line) => line.includes(started.orderId))).toHaveLength(2);
      expect(logged.join('\n')).not.toContain(fakeBox.stripe.webhookSecret);
      expect(logged.join('\n')).not.toContain(fakeBox.stripe.apiKey);
    } finally {
      errors.mockRestore();
    }
    // The order's own session still pays it, once.
    const { event } = fakeBox.stripe.pay(started.sessionId);
    await fakeBox.stripe.delivered(event.id);
    expect(await balanceTotal(api.t, owner.token)).toBe(before + 2_000);
    expect(await topUpsOf(owner.accountId)).toHaveLength(1);
  });

  it('answers 2xx for sessions of another product or an unknown order, credits nothing, logs once', async () => {
    const owner = await payingOwner(api.t, 0, { currency: 'eur' });
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const foreign = [
        fakeBox.stripe.openSession({ currency: 'eur', amount: 1_500 }),
        fakeBox.stripe.openSession({ currency: 'eur', amount: 1_500, clientReferenceId: 'shop-order-42' }),
        fakeBox.stripe.openSession({
          currency: 'eur',
          amount: 1_500,
          clientReferenceId: '00000000-0000-4000-8000-000000000000',
        }),
      ];
      for (const session of foreign) {
        const { event } = fakeBox.stripe.pay(session.id);
        const delivery = await fakeBox.stripe.delivered(event.id);
        expect(delivery, session.id).toMatchObject({ status: 200, attempt: 1 });
      }
      const notOurs = warnings.mock.calls.filter((call) => String(call[0]).includes('not ours'));
      expect(notOurs).toHaveLength(3);
    } finally {
      warnings.mockRestore();
    }
    expect(await topUpsOf(owner.accountId)).toHaveLength(0);
    // A forged signature is still refused.
    const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: {} });
    const forged = await api.t.app.request('/api/payment/notify/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': fakeBox.stripe.sign(body, undefined, 'whsec_x'),
      },
      body,
    });
    expect(forged.status).toBe(401);
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
