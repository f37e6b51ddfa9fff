import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../../functions/payments/stripe/provider';
import {
  type CheckoutRequest,
  type NotificationRequest,
  type NotificationResult,
  type PaymentProvider,
  PaymentProviderError,
} from '../../functions/ports/payments';
import { type FakeServer, sendJson, serveFake } from '../fakes/serve';
import { FakeStripe, type FakeStripeEvent } from '../fakes/stripe';

/**
 * The Stripe provider against the fake Stripe API: Checkout, signed webhooks read back by the
 * provider (the receiver below answers as the payments route would), off-session charges and
 * reconciliation.
 */

interface Received {
  eventId: string;
  type: string;
  request: NotificationRequest;
  result: NotificationResult;
}

let fake: FakeStripe;
let provider: PaymentProvider;
let receiver: FakeServer;
const received: Received[] = [];
/** The receiver answers 500 to this many deliveries of checkout.session.completed before it reads one. */
let failDeliveries = 0;

function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) if (typeof value === 'string') headers.set(name, value);
  return headers;
}

beforeAll(async () => {
  fake = await new FakeStripe({ retryIntervalMs: 30 }).start();
  provider = createStripeProvider({
    secretKey: fake.apiKey,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.url,
  });
  receiver = await serveFake((request, body, response) => {
    if (failDeliveries > 0 && body.includes('"type": "checkout.session.completed"')) {
      failDeliveries--;
      sendJson(response, 500, { error: 'down for a moment' });
      return;
    }
    const notification: NotificationRequest = { body, headers: headersOf(request.headers) };
    provider.readNotification(notification).then(
      (result) => {
        const event = JSON.parse(body) as { id: string; type: string };
        received.push({ eventId: event.id, type: event.type, request: notification, result });
        if (result.kind === 'rejected') {
          sendJson(response, 401, { error: 'bad signature' });
          return;
        }
        response.writeHead(200, { 'content-type': provider.notificationAnswer.contentType });
        response.end(provider.notificationAnswer.body);
      },
      (error: unknown) => sendJson(response, 500, { error: String(error) }),
    );
  });
  fake.setWebhookEndpoint(`${receiver.url}/webhooks/stripe`);
});

afterAll(async () => {
  await fake?.close();
  await receiver?.close();
});

beforeEach(() => {
  failDeliveries = 0;
});

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderId: crypto.randomUUID(),
  amountMinor: 1990,
  currency: 'usd',
  description: 'Botbuilder, 1 month',
  customerKey: crypto.randomUUID(),
  email: 'owner@example.com',
  saveMethod: true,
  language: 'ru',
  successUrl: 'https://app.example.com/billing/success?session={CHECKOUT_SESSION_ID}',
  failUrl: 'https://app.example.com/billing/fail',
  notificationUrl: 'https://app.example.com/api/payments/stripe/notify',
  ...overrides,
});

/** What the receiver made of an event's (first good) delivery. */
async function resultOf(event: FakeStripeEvent): Promise<NotificationResult> {
  await fake.delivered(event.id);
  const found = received.find((entry) => entry.eventId === event.id && entry.result.kind !== 'rejected');
  if (!found) throw new Error(`no verified delivery of ${event.id}`);
  return found.result;
}

const eventFor = (type: string, objectId: string): FakeStripeEvent => {
  const event = fake.events.find((entry) => entry.type === type && entry.data.object.id === objectId);
  if (!event) throw new Error(`no ${type} for ${objectId}`);
  return event;
};

/** A checkout paid on the hosted page ("Pay" pressed); the completed event's reading. */
async function paidCheckout(request: CheckoutRequest) {
  const session = await provider.createCheckout(request);
  const page = await fetch(`${session.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(page.status).toBe(303);
  const completed = eventFor('checkout.session.completed', session.providerPaymentId);
  return { session, redirect: page.headers.get('location'), result: await resultOf(completed), completed };
}

async function errorOf(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('createCheckout', () => {
  it('creates a Checkout Session in payment mode and answers its id and hosted url', async () => {
    const request = checkout();
    const session = await provider.createCheckout(request);
    expect(session.providerPaymentId).toMatch(/^cs_test_/);
    expect(session.paymentUrl).toBe(`${fake.url}/pay/${session.providerPaymentId}`);

    const call = fake.calls.find(
      (entry) => entry.path === '/v1/checkout/sessions' && entry.method === 'POST',
    );
    expect(call?.idempotencyKey).toBe(request.orderId);
    expect(call?.params).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '1990',
            product_data: { name: 'Botbuilder, 1 month' },
          },
        },
      ],
      client_reference_id: request.orderId,
      metadata: { order_id: request.orderId, customer_key: request.customerKey },
      customer_email: 'owner@example.com',
      success_url: request.successUrl,
      cancel_url: request.failUrl,
      locale: 'ru',
      customer_creation: 'always',
      payment_intent_data: { setup_future_usage: 'off_session' },
    });

    const page = await fetch(session.paymentUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('data-amount="1990"');
    expect(html).toContain('>Pay<');
    expect(html).toContain('>Cancel<');
  });

  it('asks for no customer or saved card when the card is not to be kept', async () => {
    const request = checkout({ saveMethod: false, language: 'en', currency: 'eur' });
    await provider.createCheckout(request);
    const call = fake.calls.findLast((entry) => entry.path === '/v1/checkout/sessions');
    expect(call?.params).not.toHaveProperty('customer_creation');
    expect(call?.params).not.toHaveProperty('payment_intent_data');
    expect(call?.params.locale).toBe('en');
  });

  it('starting the same order again returns the same session (Idempotency-Key = order id)', async () => {
    const request = checkout();
    const first = await provider.createCheckout(request);
    const again = await provider.createCheckout(request);
    expect(again).toEqual(first);
    expect(fake.calls.at(-1)?.replayed).toBe(true);
    expect(fake.sessions.filter((session) => session.client_reference_id === request.orderId)).toHaveLength(
      1,
    );
  });

  it('kzt is a two-decimal currency: tiyn are sent as is, and Stripe’s minimum applies', async () => {
    const request = checkout({ currency: 'kzt', amountMinor: 500_000 });
    const session = await provider.createCheckout(request);
    expect(fake.session(session.providerPaymentId)).toMatchObject({ currency: 'kzt', amount_total: 500_000 });

    const tooSmall = await errorOf(
      provider.createCheckout(checkout({ currency: 'kzt', amountMinor: 10_000 })),
    );
    expect(tooSmall.providerCode).toBe('amount_too_small');
    const cents = await errorOf(provider.createCheckout(checkout({ amountMinor: 49 })));
    expect(cents.providerCode).toBe('amount_too_small');
    expect(cents.message).toContain('$0.50');
  });

  it('a wrong secret key is a PaymentProviderError with Stripe’s message', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrongwrongwrongwrong1234',
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
    });
    const error = await errorOf(wrong.createCheckout(checkout()));
    expect(error.provider).toBe('stripe');
    expect(error.providerCode).toBe('authentication_error');
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
  });
});

describe('readNotification', () => {
  it('paying delivers checkout.session.completed, read as paid with the saved card', async () => {
    const request = checkout();
    const { session, redirect, result } = await paidCheckout(request);
    expect(redirect).toBe(`https://app.example.com/billing/success?session=${session.providerPaymentId}`);
    const stored = fake.session(session.providerPaymentId);
    expect(stored).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(stored?.customer).toMatch(/^cus_/);
    const intent = fake.paymentIntent(stored?.payment_intent ?? '');
    expect(intent).toMatchObject({ status: 'succeeded', setup_future_usage: 'off_session', amount: 1990 });

    expect(result).toEqual({
      kind: 'events',
      events: [
        {
          orderId: request.orderId,
          providerPaymentId: session.providerPaymentId,
          state: 'paid',
          amountMinor: 1990,
          currency: 'usd',
          providerStatus: 'checkout.session.completed',
          savedMethod: { token: `${stored?.customer}:${intent?.payment_method}`, label: 'visa •••• 4242' },
        },
      ],
    });
    // The Checkout PaymentIntent's own event carries no order id: not ours to book twice.
    const intentEvent = eventFor('payment_intent.succeeded', intent?.id ?? '');
    expect(await resultOf(intentEvent)).toEqual({ kind: 'ignored' });
  });

  it('without a saved card the session alone says paid, and nothing more is asked of Stripe', async () => {
    const request = checkout({ saveMethod: false });
    const before = fake.calls.length;
    const { result, session } = await paidCheckout(request);
    expect(result).toEqual({
      kind: 'events',
      events: [expect.objectContaining({ orderId: request.orderId, state: 'paid', amountMinor: 1990 })],
    });
    expect(result.kind === 'events' && result.events[0]?.savedMethod).toBeFalsy();
    expect(fake.session(session.providerPaymentId)?.customer).toBeNull();
    expect(fake.calls.slice(before).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/checkout/sessions',
    ]);
  });

  it('rejects a tampered body, another secret, a stale timestamp and a missing signature', async () => {
    const { completed } = await paidCheckout(checkout());
    const delivery = received.find((entry) => entry.eventId === completed.id);
    if (!delivery) throw new Error('not delivered');
    const { body, headers } = delivery.request;
    const signature = headers.get('stripe-signature') ?? '';
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await provider.readNotification({ body, headers })).toMatchObject({ kind: 'events' });

    const tampered = body.replace('"amount_total": 1990', '"amount_total": 1');
    expect(tampered).not.toBe(body);
    const withSignature = (value: string) => new Headers({ 'stripe-signature': value });
    expect(await provider.readNotification({ body: tampered, headers })).toEqual({ kind: 'rejected' });

    const otherSecret = createStripeProvider({
      secretKey: fake.apiKey,
      webhookSecret: 'whsec_someoneelse',
      apiBase: fake.url,
    });
    expect(await otherSecret.readNotification({ body, headers })).toEqual({ kind: 'rejected' });

    const stale = Math.floor(Date.now() / 1000) - 301;
    expect(await provider.readNotification({ body, headers: withSignature(fake.sign(body, stale)) })).toEqual(
      {
        kind: 'rejected',
      },
    );
    const fresh = Math.floor(Date.now() / 1000) - 200;
    expect(
      await provider.readNotification({ body, headers: withSignature(fake.sign(body, fresh)) }),
    ).toMatchObject({
      kind: 'events',
    });

    const later = createStripeProvider({
      secretKey: fake.apiKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
      clock: { now: () => new Date(Date.now() + 10 * 60_000) },
    });
    expect(await later.readNotification({ body, headers })).toEqual({ kind: 'rejected' });
    expect(await provider.readNotification({ body, headers: new Headers() })).toEqual({ kind: 'rejected' });
    expect(
      await provider.readNotification({ body: 'not json', headers: withSignature(fake.sign('not json')) }),
    ).toEqual({
      kind: 'rejected',
    });
  });

  it('a delivery answered 5xx is retried, freshly signed, until it is answered 2xx', async () => {
    failDeliveries = 2;
    const { completed, result } = await paidCheckout(checkout());
    expect(result).toMatchObject({ kind: 'events', events: [{ state: 'paid' }] });
    const attempts = fake.deliveries.filter((delivery) => delivery.eventId === completed.id);
    expect(attempts.map((delivery) => delivery.status)).toEqual([500, 500, 200]);
    expect(attempts.map((delivery) => delivery.attempt)).toEqual([1, 2, 3]);
  });

  it('a redelivered event reads the same each time', async () => {
    const { completed, result } = await paidCheckout(checkout());
    expect(await fake.redeliver(completed.id, 2)).toEqual([200, 200]);
    const readings = received.filter((entry) => entry.eventId === completed.id).map((entry) => entry.result);
    expect(readings).toEqual([result, result, result]);
  });

  it('reads async payments (signed as Stripe would) and ignores events of no interest', async () => {
    const request = checkout({ saveMethod: false });
    const session = await provider.createCheckout(request);
    const object = fake.session(session.providerPaymentId);
    const signed = (type: string, data: object) => {
      const body = JSON.stringify({ id: 'evt_test_async', object: 'event', type, data: { object: data } });
      return { body, headers: new Headers({ 'stripe-signature': fake.sign(body) }) };
    };
    const failed = await provider.readNotification(
      signed('checkout.session.async_payment_failed', {
        ...object,
        status: 'complete',
        payment_status: 'unpaid',
      }),
    );
    expect(failed).toEqual({
      kind: 'events',
      events: [
        expect.objectContaining({
          orderId: request.orderId,
          state: 'failed',
          failureMessage: 'The payment failed.',
        }),
      ],
    });
    const succeeded = await provider.readNotification(
      signed('checkout.session.async_payment_succeeded', {
        ...object,
        status: 'complete',
        payment_status: 'paid',
      }),
    );
    expect(succeeded).toMatchObject({
      kind: 'events',
      events: [{ orderId: request.orderId, state: 'paid' }],
    });
    expect(
      await provider.readNotification(signed('customer.created', { id: 'cus_x', object: 'customer' })),
    ).toEqual({
      kind: 'ignored',
    });
  });

  it('an expired session is failed', async () => {
    const request = checkout();
    const session = await provider.createCheckout(request);
    const { event } = fake.expire(session.providerPaymentId);
    expect(await resultOf(event)).toEqual({
      kind: 'events',
      events: [
        expect.objectContaining({
          orderId: request.orderId,
          providerPaymentId: session.providerPaymentId,
          state: 'failed',
          providerStatus: 'checkout.session.expired',
        }),
      ],
    });
  });
});

describe('chargeSaved', () => {
  let savedMethod = '';

  beforeAll(async () => {
    const { result } = await paidCheckout(checkout());
    savedMethod = (result.kind === 'events' && result.events[0]?.savedMethod?.token) || '';
    expect(savedMethod).toMatch(/^cus_\w+:pm_\w+$/);
  });

  const charge = (orderId = crypto.randomUUID(), amountMinor = 1990) => ({
    orderId,
    amountMinor,
    currency: 'usd' as const,
    description: 'Botbuilder, renewal',
    customerKey: 'account-1',
    email: 'owner@example.com',
    savedMethod,
  });

  it('charges the saved card off-session: paid, and the webhook says so too', async () => {
    const request = charge();
    const event = await provider.chargeSaved(request);
    expect(event).toEqual({
      orderId: request.orderId,
      providerPaymentId: expect.stringMatching(/^pi_/),
      state: 'paid',
      amountMinor: 1990,
      currency: 'usd',
      providerStatus: 'succeeded',
    });
    const call = fake.calls.at(-1);
    expect(call?.idempotencyKey).toBe(request.orderId);
    expect(call?.params).toMatchObject({
      amount: '1990',
      currency: 'usd',
      customer: savedMethod.split(':')[0],
      payment_method: savedMethod.split(':')[1],
      off_session: 'true',
      confirm: 'true',
      description: 'Botbuilder, renewal',
      metadata: { order_id: request.orderId },
    });
    const succeeded = eventFor('payment_intent.succeeded', event.providerPaymentId);
    expect(await resultOf(succeeded)).toEqual({
      kind: 'events',
      events: [{ ...event, providerStatus: 'payment_intent.succeeded' }],
    });
  });

  it('a declined card is a failed payment with Stripe’s reason, in the answer and the webhook', async () => {
    fake.declineNextCharge('card_declined');
    const request = charge();
    const event = await provider.chargeSaved(request);
    expect(event).toEqual({
      orderId: request.orderId,
      providerPaymentId: expect.stringMatching(/^pi_/),
      state: 'failed',
      amountMinor: 1990,
      providerStatus: 'card_declined',
      failureMessage: 'Your card was declined.',
    });
    expect(fake.calls.at(-1)?.status).toBe(402);
    const failed = eventFor('payment_intent.payment_failed', event.providerPaymentId);
    expect(await resultOf(failed)).toEqual({
      kind: 'events',
      events: [
        expect.objectContaining({
          orderId: request.orderId,
          state: 'failed',
          failureMessage: 'Your card was declined.',
        }),
      ],
    });

    fake.declineNextCharge('authentication_required');
    const authentication = await provider.chargeSaved(charge());
    expect(authentication).toMatchObject({ state: 'failed', providerStatus: 'authentication_required' });
    expect(authentication.failureMessage).toContain('requires authentication');
  });

  it('the same order charged twice creates one PaymentIntent; another amount under it is refused', async () => {
    const request = charge();
    const first = await provider.chargeSaved(request);
    const again = await provider.chargeSaved(request);
    expect(again).toEqual(first);
    expect(fake.calls.at(-1)?.replayed).toBe(true);
    expect(fake.paymentIntents.filter((intent) => intent.metadata.order_id === request.orderId)).toHaveLength(
      1,
    );

    const changed = await errorOf(provider.chargeSaved({ ...request, amountMinor: 2990 }));
    expect(changed.providerCode).toBe('idempotency_error');
  });

  it('an unknown card or customer is an error, not a failed payment', async () => {
    const error = await errorOf(provider.chargeSaved({ ...charge(), savedMethod: 'cus_nobody:pm_nothing' }));
    expect(error.providerCode).toBe('resource_missing');
    const malformed = await errorOf(provider.chargeSaved({ ...charge(), savedMethod: 'rebill-123' }));
    expect(malformed.providerCode).toBe('invalid_saved_method');
  });
});

describe('getState', () => {
  it('an open session is pending; paid once paid, with its saved card; expired is failed', async () => {
    const request = checkout();
    const session = await provider.createCheckout(request);
    expect(await provider.getState(session.providerPaymentId, request.orderId)).toMatchObject({
      orderId: request.orderId,
      providerPaymentId: session.providerPaymentId,
      state: 'pending',
      providerStatus: 'open',
    });

    fake.pay(session.providerPaymentId);
    const paid = await provider.getState(session.providerPaymentId, request.orderId);
    expect(paid).toMatchObject({ state: 'paid', amountMinor: 1990, providerStatus: 'paid' });
    expect(paid.savedMethod?.token).toMatch(/^cus_\w+:pm_\w+$/);

    const other = checkout();
    const expiring = await provider.createCheckout(other);
    fake.expire(expiring.providerPaymentId);
    expect(await provider.getState(expiring.providerPaymentId, other.orderId)).toMatchObject({
      state: 'failed',
      providerStatus: 'expired',
    });
  });

  it('an off-session charge is looked up by its PaymentIntent; an unknown id is an error', async () => {
    const intent = fake.paymentIntents.find(
      (entry) => entry.status === 'succeeded' && entry.metadata.order_id,
    );
    if (!intent) throw new Error('no charge yet');
    expect(await provider.getState(intent.id, intent.metadata.order_id ?? '')).toMatchObject({
      orderId: intent.metadata.order_id,
      state: 'paid',
      providerStatus: 'succeeded',
    });
    const error = await errorOf(provider.getState('cs_test_nothing', 'x'));
    expect(error.providerCode).toBe('resource_missing');
  });
});

describe('the fake speaks Stripe’s protocol', () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.apiKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      body,
    });

  it('refuses a request without a key, and answers Stripe-shaped errors', async () => {
    const anonymous = await fetch(`${fake.url}/v1/checkout/sessions/cs_test_x`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('You did not provide an API key'),
      },
    });

    const noMode = await post('/v1/checkout/sessions', 'line_items[0][quantity]=1');
    expect(noMode.status).toBe(400);
    expect(await noMode.json()).toMatchObject({ error: { code: 'parameter_missing', param: 'mode' } });

    const noQuantity = await post(
      '/v1/checkout/sessions',
      'mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=100&line_items[0][price_data][product_data][name]=x',
    );
    expect(await noQuantity.json()).toMatchObject({
      error: { code: 'parameter_missing', param: 'line_items[0][quantity]' },
    });

    const missing = await fetch(`${fake.url}/v1/payment_intents/pi_nothing`, {
      headers: { authorization: `Bearer ${fake.apiKey}` },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'resource_missing' } });
  });

  it('honours Idempotency-Key: same body replays, another body is an idempotency_error', async () => {
    const key = crypto.randomUUID();
    const body =
      'mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=500&line_items[0][price_data][product_data][name]=x';
    const first = await post('/v1/checkout/sessions', body, { 'idempotency-key': key });
    const again = await post('/v1/checkout/sessions', body, { 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const other = await post('/v1/checkout/sessions', body.replace('500', '600'), { 'idempotency-key': key });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } });
  });

  it('cancel on the hosted page goes back to cancel_url and leaves the session open', async () => {
    const session = await provider.createCheckout(checkout());
    const cancel = await fetch(`${session.paymentUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe('https://app.example.com/billing/fail');
    expect(fake.session(session.providerPaymentId)?.status).toBe('open');
  });

  it('drives the same through /__fake/ for tests inside workerd', async () => {
    const session = await provider.createCheckout(checkout({ saveMethod: false }));
    const paid = await fetch(`${fake.url}/__fake/sessions/${session.providerPaymentId}/pay`, {
      method: 'POST',
    });
    expect(paid.status).toBe(200);
    const { event } = (await paid.json()) as { event: FakeStripeEvent };
    expect(event).toMatchObject({ object: 'event', type: 'checkout.session.completed', livemode: false });
    await fake.delivered(event.id);
    const deliveries = (await (await fetch(`${fake.url}/__fake/deliveries`)).json()) as {
      deliveries: Array<{ eventId: string; status: number }>;
    };
    expect(deliveries.deliveries).toContainEqual(expect.objectContaining({ eventId: event.id, status: 200 }));
  });
});
