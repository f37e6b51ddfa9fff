import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEntries, transactions } from '../../db/schema';
import { type PaymentProvider, PaymentProviderError, type Payments } from '../../functions/ports/payments';
import { paymentsFromConfig } from '../../functions/ports/payments-from-config';
import { schedules } from '../../schedules';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe';
import { listeningTestApp } from './support/listening-app';
import { balanceTotal, payingOwner } from './support/money';

/**
 * Stripe's off-session charge is one call, its PaymentIntent id known only from the answer. When
 * that answer is lost (every retry of the SDK), the charge's own payment_intent.succeeded event
 * (metadata.order_id) credits the renewal, once; a redelivery changes nothing.
 */

const fakeBox = {} as { stripe: FakeStripe };
const wire = { chargeAnswerLost: false };

beforeAll(async () => {
  fakeBox.stripe = await startFakeStripe({ retryIntervalMs: 50 });
});
afterAll(() => fakeBox.stripe.close());

/** The provider, its charge's answer thrown away after Stripe made the charge. */
const losingAnswers = (provider: PaymentProvider | null): PaymentProvider | null =>
  provider && {
    ...provider,
    name: provider.name,
    notificationAnswer: provider.notificationAnswer,
    async chargeSaved(request) {
      const event = await provider.chargeSaved(request);
      if (wire.chargeAnswerLost)
        throw new PaymentProviderError('stripe', 'api_connection_error', 'Request timed out');
      return event;
    },
  };

const api = listeningTestApp((origin) => {
  fakeBox.stripe.setWebhookEndpoint(`${origin}/api/payment/notify/stripe`);
  const real = paymentsFromConfig({
    STRIPE_SECRET_KEY: fakeBox.stripe.apiKey,
    STRIPE_WEBHOOK_SECRET: fakeBox.stripe.webhookSecret,
    STRIPE_API_BASE: fakeBox.stripe.url,
  });
  const payments: Payments = {
    forCurrency: (currency) => losingAnswers(real.forCurrency(currency)),
    byName: (name) => losingAnswers(real.byName(name)),
  };
  return { payments };
});

describe('a Stripe renewal whose charge answer is lost', () => {
  it('is credited by the payment_intent.succeeded event, once', async () => {
    const owner = await payingOwner(api.t, 0, { currency: 'kzt' });
    const link = await api.call('POST', '/api/payment/link', {
      token: owner.token,
      body: { currency: 'kzt', amount_minor: 550_000, recurrent: true, agree: true },
    });
    const [topUp] = await api.t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, link.json.transaction_id));
    const { event: paid } = fakeBox.stripe.pay(topUp?.providerPaymentId ?? '');
    await fakeBox.stripe.delivered(paid.id);
    const bought = await api.call('POST', '/api/subscription/new', {
      token: owner.token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
    });
    expect(bought.status).toBe(201);
    const before = await balanceTotal(api.t, owner.token);
    api.t.clock.set(new Date(Date.parse(bought.json.expires_at) - 12 * 3_600_000));
    const login = await api.call('POST', '/api/login', {
      body: { email: owner.email, password: owner.password },
    });
    wire.chargeAnswerLost = true;
    try {
      await schedules.find((one) => one.id === 'subscription-renewal')?.handler(api.t.ports, api.t.settings);
    } finally {
      wire.chargeAnswerLost = false;
    }
    const [renewal] = await api.t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, owner.accountId), eq(transactions.operation, 'renewal')));
    if (!renewal) throw new Error('no renewal transaction');
    const intent = fakeBox.stripe.paymentIntents.find((one) => one.metadata.order_id === renewal.id);
    expect(intent?.status).toBe('succeeded');
    const succeeded = fakeBox.stripe.events.find(
      (one) => one.type === 'payment_intent.succeeded' && one.data.object.id === intent?.id,
    );
    if (!succeeded) throw new Error('no payment_intent.succeeded event');
    await fakeBox.stripe.delivered(succeeded.id);

    const entries = () =>
      api.t.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, owner.accountId));
    const credited = async () => {
      const [row] = await api.t.db.select().from(transactions).where(eq(transactions.id, renewal.id));
      const list = await api.call('GET', '/api/subscription', { token: login.json.token });
      return {
        status: row?.status,
        paymentId: row?.providerPaymentId,
        balance: await balanceTotal(api.t, login.json.token),
        entries: (await entries()).length,
        renewal: list.json.find((one: { renewal_of: string }) => one.renewal_of === bought.json.id)?.status,
      };
    };
    const once = await credited();
    expect(once).toMatchObject({
      status: 'paid',
      paymentId: intent?.id,
      balance: before,
      renewal: 'in_advance',
    });

    expect(await fakeBox.stripe.redeliver(succeeded.id, 2)).toEqual([200, 200]);
    expect(await credited()).toEqual(once);
  });
});
