import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeServer, sendJson, serveFake } from './serve';
import { chargeOf } from './stripe-charge';

/**
 * A fake Stripe API speaking the real wire protocol (docs.stripe.com/api), enough for Checkout in
 * payment mode and off-session PaymentIntents:
 *
 * - `Authorization: Bearer sk_test_…` (or Basic with the key as the user name); none or another key
 *   → 401 `invalid_request_error` "You did not provide an API key…" / "Invalid API Key provided: …".
 * - Parameters form-urlencoded with bracket notation (`line_items[0][price_data][currency]=usd`,
 *   `expand[0]=payment_intent`, `expand[]=…`), in the body of a POST and the query of a GET; a JSON
 *   body is refused as Stripe refuses it.
 * - `Idempotency-Key` on POSTs: the same key with the same parameters replays the first answer
 *   (header `Idempotent-Replayed: true`), with other parameters or another endpoint → 400
 *   `idempotency_error`. As in Stripe, only answers of a request that started executing are kept
 *   (2xx and 402 card errors), not validation errors.
 * - Objects shaped like Stripe's (`checkout.session`, `payment_intent`, `payment_method`,
 *   `customer`, `event`), `expand[]` of their id fields (`payment_intent`, `payment_intent.payment_method`,
 *   `customer`, `payment_method`), and Stripe's errors: 404 `resource_missing`, 400
 *   `parameter_missing`, `parameter_invalid_integer`, `amount_too_small`, 402 `card_error` with
 *   `error.payment_intent`.
 *
 *   POST /v1/checkout/sessions              (mode=payment with price_data line items)
 *   GET  /v1/checkout/sessions              (list; `payment_intent`, `limit` filters)
 *   GET  /v1/checkout/sessions/:id
 *   POST /v1/checkout/sessions/:id/expire
 *   POST /v1/payment_intents                (confirm + off_session charges of a saved card)
 *   GET  /v1/payment_intents/:id
 *   GET  /v1/payment_methods/:id, /v1/customers/:id, /v1/events/:id
 *
 * The session `url` is a hosted page here, `GET /pay/<session id>`: the amount and two buttons.
 * "Pay" (or `pay()`) completes the session with a succeeded PaymentIntent paid by a card
 * PaymentMethod (`pm_…`, visa 4242), attached to a new Customer when the session was created with
 * `customer_creation=always` and `payment_intent_data[setup_future_usage]`; it redirects to
 * success_url (`{CHECKOUT_SESSION_ID}` filled in). "Cancel" redirects to cancel_url and leaves the
 * session open, as Stripe does.
 *
 * Events (`payment_intent.succeeded`, `payment_intent.payment_failed`, `checkout.session.completed`,
 * `checkout.session.expired`, `charge.refunded`) are POSTed to the webhook endpoint (`webhookUrl`, as configured in
 * the dashboard) with `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the
 * endpoint's secret, signed afresh on every attempt and retried every `retryIntervalMs` until a 2xx
 * (at most `maxDeliveryAttempts`). Tests inside workerd drive the same through `/__fake/...`.
 *
 * A refund (`refund()`, as from the dashboard) updates the payment's Charge and emits `charge.refunded`
 * with it: `refunded` true only once the whole amount is back, as Stripe reports.
 */

/** The API version stripe@23 pins; events carry it as the endpoint's version. */
export const FAKE_API_VERSION = '2026-10-28.endive';

/** Stripe's zero-decimal currencies (docs.stripe.com/currencies#zero-decimal): amounts in whole units. */
export const ZERO_DECIMAL_CURRENCIES = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/**
 * Minimum charge amounts in minor units (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
 * KZT is not on Stripe's list: there the rule is "at least 0.50 USD after conversion"; the fake
 * converts at a fixed 500 KZT per USD, so 250.00 ₸.
 */
export const MINIMUM_AMOUNTS: Readonly<Record<string, number>> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  kzt: 25_000,
};

/** What the endpoint is subscribed to unless told otherwise: what our provider reads. */
export const DEFAULT_ENABLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
];

const LOCALES = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hi-IN hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
);

type Json = Record<string, unknown>;

export interface FakeCheckoutSession extends Json {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: Json | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
}

export interface FakePaymentIntent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: Json | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  receipt_email: string | null;
  setup_future_usage: 'on_session' | 'off_session' | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded';
}

export interface FakeStripeEvent extends Json {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface FakeStripeCall {
  method: string;
  path: string;
  /** The parameters as Stripe reads them: bracket notation turned into objects and arrays of strings. */
  params: Json;
  idempotencyKey: string | null;
  status: number;
  /** The answer was an idempotent replay of an earlier one. */
  replayed: boolean;
  at: number;
}

export interface FakeDelivery {
  eventId: string;
  type: string;
  url: string;
  attempt: number;
  /** The endpoint's HTTP status; 0 when it could not be reached. */
  status: number;
  signature: string;
  at: number;
}

export interface FakeStripeOptions {
  /** The secret key requests must carry; default `sk_test_…` random. */
  apiKey?: string;
  /** The webhook endpoint's signing secret; default `whsec_…` random. */
  webhookSecret?: string;
  /** The webhook endpoint (as configured in the dashboard); null for none (events are kept, not sent). */
  webhookUrl?: string | null;
  /** Event types the endpoint receives; `['*']` for all. Default DEFAULT_ENABLED_EVENTS. */
  enabledEvents?: string[];
  /** Between delivery attempts of an event that was not answered 2xx; default 1000 ms. */
  retryIntervalMs?: number;
  /** Delivery attempts of one event before giving up; default 10. */
  maxDeliveryAttempts?: number;
}

/** Off-session declines Stripe answers with, by the name `declineNextCharge` takes. */
const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  card_declined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  authentication_required: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  processing_error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  charge?: string;
  payment_intent?: Json;
  payment_method?: Json;
}

/** A refusal, thrown inside a route and answered as Stripe's `{error: {...}}`. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
  ) {
    super(error.message);
  }
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`;

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

const noSuch = (what: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${what}: '${id}'`,
  });

/** `a[b][0][c]=v` pairs into nested objects; objects keyed 0..n (or `[]`) become arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) continue;
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')];
    let node: Json = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'object' && next !== null) node = next as Json;
      else {
        const created: Json = {};
        node[name] = created;
        node = created;
      }
    });
  }
  return arraysOf(root) as Json;
}

function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Json).map(([key, inner]) => [key, arraysOf(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

/** A stable text of parameters, to tell whether a reused Idempotency-Key came with the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Json)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const objectAt = (params: Json, key: string): Json | undefined => {
  const value = params[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
};

const stringAt = (params: Json, key: string): string | undefined => {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
};

function integerAt(params: Json, key: string, param: string, min: number): number | undefined {
  const text = stringAt(params, key);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  const value = Number(text);
  if (value < min) throw invalid(`This value must be greater than or equal to ${min}.`, param);
  return value;
}

function booleanAt(params: Json, key: string): boolean | undefined {
  const text = stringAt(params, key);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw invalid(`Invalid boolean: ${text}`, key);
  return text === 'true';
}

function enumAt<T extends string>(
  params: Json,
  key: string,
  allowed: readonly T[],
  param = key,
): T | undefined {
  const text = stringAt(params, key);
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) {
    throw invalid(`Invalid ${param}: must be one of ${allowed.join(', ')}`, param);
  }
  return text as T;
}

function urlAt(params: Json, key: string): string | null {
  const text = stringAt(params, key);
  if (text === undefined) return null;
  try {
    const url = new URL(text.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return text;
  } catch {}
  throw invalid('Not a valid URL', key, 'url_invalid');
}

function metadataAt(params: Json, key: string): Record<string, string> {
  const value = objectAt(params, key) ?? {};
  const metadata: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text !== 'string')
      throw invalid('Invalid metadata: values must be strings', `${key}[${name}]`);
    if (name.length > 40) throw invalid('Metadata keys can have up to 40 characters.', `${key}[${name}]`);
    if (text.length > 500) throw invalid('Metadata values can have up to 500 characters.', `${key}[${name}]`);
    metadata[name] = text;
  }
  return metadata;
}

function currencyAt(params: Json, key: string, param: string): string {
  const text = stringAt(params, key);
  if (text === undefined || text === '') throw missing(param);
  if (!/^[a-zA-Z]{3}$/.test(text)) throw invalid(`Invalid currency: ${text}`, param);
  return text.toLowerCase();
}

const majorUnits = (amount: number, currency: string) =>
  ZERO_DECIMAL_CURRENCIES.has(currency) ? amount : amount / 100;

function formatMoney(amount: number, currency: string, locale = 'en'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
      majorUnits(amount, currency),
    );
  } catch {
    return `${majorUnits(amount, currency)} ${currency}`;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

const nowSeconds = () => Math.floor(Date.now() / 1000);

const clone = <T>(value: T): T => structuredClone(value);

export class FakeStripe {
  readonly calls: FakeStripeCall[] = [];
  readonly deliveries: FakeDelivery[] = [];
  apiKey: string;
  webhookSecret: string;
  webhookUrl: string | null;
  enabledEvents: string[];
  retryIntervalMs: number;
  maxDeliveryAttempts: number;
  /** `http://127.0.0.1:{port}`: the `apiBase` to configure instead of https://api.stripe.com. */
  url = '';

  private readonly sessionStore = new Map<string, FakeCheckoutSession>();
  /** What a session asked of the PaymentIntent it will create (`payment_intent_data`). */
  private readonly sessionIntentData = new Map<
    string,
    { setupFutureUsage: string | null; description: string | null }
  >();
  private readonly intentStore = new Map<string, FakePaymentIntent>();
  private readonly methodStore = new Map<string, Json>();
  private readonly customerStore = new Map<string, Json>();
  private readonly eventStore = new Map<string, FakeStripeEvent>();
  private readonly idempotent = new Map<
    string,
    { route: string; params: string; status: number; body: string }
  >();
  private readonly waiters = new Map<string, Array<(delivery: FakeDelivery) => void>>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private declineNext: string | null = null;
  /** Charge id → what was refunded of it so far. */
  private readonly refundedByCharge = new Map<string, number>();
  private server: FakeServer | null = null;
  private closed = false;

  constructor(options: FakeStripeOptions = {}) {
    this.apiKey = options.apiKey ?? `sk_test_${randomBytes(24).toString('hex')}`;
    this.webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
    this.webhookUrl = options.webhookUrl ?? null;
    this.enabledEvents = options.enabledEvents ?? [...DEFAULT_ENABLED_EVENTS];
    this.retryIntervalMs = options.retryIntervalMs ?? 1000;
    this.maxDeliveryAttempts = options.maxDeliveryAttempts ?? 10;
  }

  async start(): Promise<this> {
    this.server = await serveFake((request, body, response) => this.handle(request, body, response));
    this.url = this.server.url;
    return this;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.server?.close();
  }

  get sessions(): FakeCheckoutSession[] {
    return [...this.sessionStore.values()].map(clone);
  }

  get paymentIntents(): FakePaymentIntent[] {
    return [...this.intentStore.values()].map(clone);
  }

  get events(): FakeStripeEvent[] {
    return [...this.eventStore.values()].map(clone);
  }

  session(id: string): FakeCheckoutSession | undefined {
    const session = this.sessionStore.get(id);
    return session && clone(session);
  }

  paymentIntent(id: string): FakePaymentIntent | undefined {
    const intent = this.intentStore.get(id);
    return intent && clone(intent);
  }

  /** Points the webhook endpoint somewhere, as in the dashboard; returns its signing secret. */
  setWebhookEndpoint(url: string | null, enabledEvents?: string[]): string {
    this.webhookUrl = url;
    if (enabledEvents) this.enabledEvents = [...enabledEvents];
    return this.webhookSecret;
  }

  /** The next confirmed PaymentIntent is declined with this code (see DECLINES) and answered 402. */
  declineNextCharge(code = 'card_declined'): void {
    if (!DECLINES[code])
      throw new Error(`unknown decline ${code}; one of ${Object.keys(DECLINES).join(', ')}`);
    this.declineNext = code;
  }

  /** A `Stripe-Signature` header for a body, as Stripe computes it (tests forge stale ones with it). */
  sign(payload: string, timestamp = nowSeconds(), secret = this.webhookSecret): string {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  /**
   * Another client of the same Stripe account (another product, a script with the key) opens a
   * session, checked like `POST /v1/checkout/sessions`; `pay` it to have its events delivered to the
   * same endpoint. `clientReferenceId` and `metadata` are whatever that client chose.
   */
  openSession(options: {
    currency: string;
    amount: number;
    clientReferenceId?: string;
    metadata?: Record<string, string>;
  }): FakeCheckoutSession {
    const params: Json = {
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: options.currency,
            unit_amount: String(options.amount),
            product_data: { name: 'Another product' },
          },
        },
      ],
      success_url: 'https://example.com/thanks',
      ...(options.clientReferenceId === undefined ? {} : { client_reference_id: options.clientReferenceId }),
      ...(options.metadata ? { metadata: options.metadata } : {}),
    };
    return clone(this.createSession(params));
  }

  /** The customer pays on the hosted page: the session completes and its events are delivered. */
  pay(sessionId: string): {
    session: FakeCheckoutSession;
    event: FakeStripeEvent;
    redirectUrl: string | null;
  } {
    const session = this.sessionStore.get(sessionId);
    if (!session) throw new Error(`no Checkout Session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${session.status}`);
    const intentData = this.sessionIntentData.get(sessionId);
    const setupFutureUsage = intentData?.setupFutureUsage ?? null;
    const customer =
      session.customer_creation === 'always'
        ? this.createCustomer(session.customer_email, session.customer_details)
        : null;
    const method = this.createCardMethod(
      setupFutureUsage && customer ? customer : null,
      session.customer_email,
    );
    const created = nowSeconds();
    const intent: FakePaymentIntent = {
      ...this.intentBase(newId('pi'), created),
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      customer,
      description: intentData?.description ?? null,
      last_payment_error: null,
      latest_charge: newId('ch'),
      metadata: {},
      payment_method: method,
      receipt_email: null,
      setup_future_usage:
        setupFutureUsage === 'on_session' || setupFutureUsage === 'off_session' ? setupFutureUsage : null,
      status: 'succeeded',
    };
    this.intentStore.set(intent.id, intent);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      customer,
      customer_details: {
        address: null,
        email: session.customer_email,
        name: 'Jenny Rosen',
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    });
    this.emit('payment_intent.succeeded', intent);
    const event = this.emit('checkout.session.completed', session);
    const redirectUrl = session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
    return { session: clone(session), event: clone(event), redirectUrl };
  }

  /** The session runs out (as at expires_at, or `POST …/expire`): `checkout.session.expired`. */
  expire(sessionId: string): { session: FakeCheckoutSession; event: FakeStripeEvent } {
    const session = this.sessionStore.get(sessionId);
    if (!session) throw noSuch('checkout.session', sessionId);
    if (session.status !== 'open') {
      throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.');
    }
    Object.assign(session, { status: 'expired', url: null });
    const event = this.emit('checkout.session.expired', session);
    return { session: clone(session), event: clone(event) };
  }

  /**
   * The merchant refunds a succeeded payment, all of what is left unless `amount` (as from the
   * dashboard): the Charge's `amount_refunded` grows, `refunded` turns true when nothing is left,
   * and `charge.refunded` is delivered. Refused as Stripe refuses: no such PaymentIntent, no
   * successful charge, already refunded, more than is left.
   */
  refund(paymentIntentId: string, amount?: number): { charge: Json; event: FakeStripeEvent } {
    const intent = this.intentStore.get(paymentIntentId);
    if (!intent) throw noSuch('payment_intent', paymentIntentId, 'payment_intent');
    const chargeId = intent.latest_charge;
    if (intent.status !== 'succeeded' || !chargeId) {
      throw invalid(
        `This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    const refunded = this.refundedByCharge.get(chargeId) ?? 0;
    const left = intent.amount_received - refunded;
    if (left <= 0)
      throw invalid(`Charge ${chargeId} has already been refunded.`, undefined, 'charge_already_refunded');
    const wanted = amount ?? left;
    if (!Number.isSafeInteger(wanted) || wanted < 1) throw invalid('Invalid positive integer', 'amount');
    if (wanted > left) {
      throw invalid(
        `Refund amount (${formatMoney(wanted, intent.currency)}) is greater than unrefunded amount on charge (${formatMoney(left, intent.currency)})`,
        'amount',
        'amount_too_large',
      );
    }
    this.refundedByCharge.set(chargeId, refunded + wanted);
    const charge = chargeOf(intent, chargeId, refunded + wanted);
    const event = this.emit('charge.refunded', charge);
    return { charge: clone(charge), event: clone(event) };
  }

  /** Sends an event again `times` times (as "Resend" in the dashboard), each freshly signed; the statuses. */
  async redeliver(eventId: string, times = 1): Promise<number[]> {
    const event = this.eventStore.get(eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    if (!this.webhookUrl) throw new Error('no webhook endpoint configured');
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push((await this.attempt(event, this.webhookUrl)).status);
    return statuses;
  }

  /** Resolves with the first 2xx delivery of an event (already made or yet to come). */
  delivered(eventId: string, timeoutMs = 10_000): Promise<FakeDelivery> {
    const done = this.deliveries.find((delivery) => delivery.eventId === eventId && isOk(delivery.status));
    if (done) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`event ${eventId} not delivered in ${timeoutMs} ms`)),
        timeoutMs,
      );
      const list = this.waiters.get(eventId) ?? [];
      list.push((delivery) => {
        clearTimeout(timer);
        resolve(delivery);
      });
      this.waiters.set(eventId, list);
    });
  }

  /** Forgets calls, deliveries and a pending decline (objects stay). */
  reset(): void {
    this.calls.length = 0;
    this.deliveries.length = 0;
    this.declineNext = null;
  }

  // ── HTTP ──────────────────────────────────────────────────────────────────────────────────────

  private handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.url || 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    if (url.pathname.startsWith('/__fake/')) {
      const outcome = this.introspect(method, url, body);
      sendJson(response, outcome.status, outcome.body);
      return;
    }
    if (url.pathname.startsWith('/pay/')) {
      sendPage(response, this.hostedPage(method, url));
      return;
    }
    const requestId = newId('req');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': header(request, 'stripe-version') ?? FAKE_API_VERSION,
    };
    const idempotencyKey = method === 'POST' ? (header(request, 'idempotency-key') ?? null) : null;
    let params: Json = {};
    let status: number;
    let text: string;
    let replayed = false;
    try {
      this.authenticate(request);
      params = this.readParams(request, method, url, body);
      const route = `${method} ${url.pathname}`;
      if (idempotencyKey !== null && idempotencyKey.length > 255) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: 'Idempotency keys can be up to 255 characters long.',
        });
      }
      const saved = idempotencyKey === null ? undefined : this.idempotent.get(idempotencyKey);
      if (saved) {
        if (saved.route !== route) {
          throw new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.route}' vs '${route}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        if (saved.params !== canonical(params)) {
          throw new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        status = saved.status;
        text = saved.body;
        replayed = true;
        headers['idempotent-replayed'] = 'true';
      } else {
        const outcome = this.route(method, url.pathname, params, { requestId, idempotencyKey });
        status = outcome.status;
        text = JSON.stringify(outcome.body, null, 2);
        if (idempotencyKey !== null)
          this.idempotent.set(idempotencyKey, { route, params: canonical(params), status, body: text });
      }
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      text = JSON.stringify(this.errorBody(error, requestId), null, 2);
      // A declined card is a request Stripe executed: its answer is replayed like a success.
      if (idempotencyKey !== null && status === 402) {
        this.idempotent.set(idempotencyKey, {
          route: `${method} ${url.pathname}`,
          params: canonical(params),
          status,
          body: text,
        });
      }
    }
    if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
    this.calls.push({ method, path: url.pathname, params, idempotencyKey, status, replayed, at: Date.now() });
    response.writeHead(status, headers);
    response.end(text);
  }

  private errorBody(error: StripeApiError, requestId: string): Json {
    return {
      error: {
        ...(error.error.code ? { doc_url: docUrl(error.error.code) } : {}),
        ...error.error,
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
      },
    };
  }

  private authenticate(request: IncomingMessage): void {
    const authorization = header(request, 'authorization') ?? '';
    let key: string | null = null;
    const bearerMatch = /^Bearer\s+(.+)$/i.exec(authorization);
    const basicMatch = /^Basic\s+(.+)$/i.exec(authorization);
    if (bearerMatch?.[1]) key = bearerMatch[1].trim();
    else if (basicMatch?.[1]) key = Buffer.from(basicMatch[1], 'base64').toString('utf8').split(':')[0] ?? '';
    if (!key) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    if (key !== this.apiKey) {
      const masked =
        key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${masked}`,
      });
    }
  }

  private readParams(request: IncomingMessage, method: string, url: URL, body: string): Json {
    const query = parseStripeForm(url.search.slice(1));
    if (method !== 'POST' || body === '') return query;
    const type = header(request, 'content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      throw invalid(
        'Invalid request (check that your POST content type is application/x-www-form-urlencoded). If you have any questions, we can help at https://support.stripe.com/.',
      );
    }
    return { ...query, ...parseStripeForm(body) };
  }

  private route(
    method: string,
    path: string,
    params: Json,
    request: { requestId: string; idempotencyKey: string | null },
  ): { status: number; body: Json } {
    const ok = (body: Json) => ({ status: 200, body: this.expand(body, params) });
    if (method === 'POST' && path === '/v1/checkout/sessions') return ok(this.createSession(params));
    if (method === 'POST' && path === '/v1/payment_intents') return ok(this.createIntent(params, request));
    if (method === 'GET' && path === '/v1/checkout/sessions')
      return { status: 200, body: this.listSessions(params) };
    const match =
      /^\/v1\/(checkout\/sessions|payment_intents|payment_methods|customers|events)\/([^/]+)(?:\/([a-z_]+))?$/.exec(
        path,
      );
    const [, resource, id = '', action] = match ?? [];
    if (method === 'GET' && !action) {
      if (resource === 'checkout/sessions') return ok(this.find(this.sessionStore, 'checkout.session', id));
      if (resource === 'payment_intents') return ok(this.find(this.intentStore, 'payment_intent', id));
      if (resource === 'payment_methods') return ok(this.find(this.methodStore, 'PaymentMethod', id));
      if (resource === 'customers') return ok(this.find(this.customerStore, 'customer', id));
      if (resource === 'events') return ok(this.find(this.eventStore, 'event', id));
    }
    if (method === 'POST' && resource === 'checkout/sessions' && action === 'expire') {
      return ok(this.expire(id).session);
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  /** `GET /v1/checkout/sessions`, newest first, by `payment_intent` when given; one page. */
  private listSessions(params: Json): Json {
    const limit = integerAt(params, 'limit', 'limit', 1) ?? 10;
    if (limit > 100) throw invalid('This value must be less than or equal to 100.', 'limit');
    const intent = stringAt(params, 'payment_intent');
    const found = [...this.sessionStore.values()]
      .filter((session) => intent === undefined || session.payment_intent === intent)
      .reverse();
    return {
      object: 'list',
      data: found.slice(0, limit).map(clone),
      has_more: found.length > limit,
      url: '/v1/checkout/sessions',
    };
  }

  private find<T extends Json>(store: Map<string, T>, what: string, id: string): T {
    const found = store.get(id);
    if (!found) throw noSuch(what, id);
    return clone(found);
  }

  private lookup(id: string): Json | undefined {
    if (id.startsWith('cs_')) return this.sessionStore.get(id);
    if (id.startsWith('pi_')) return this.intentStore.get(id);
    if (id.startsWith('pm_')) return this.methodStore.get(id);
    if (id.startsWith('cus_')) return this.customerStore.get(id);
    return undefined;
  }

  /** `expand[]=a.b`: each id on the path replaced by its object, as Stripe does. */
  private expand(object: Json, params: Json): Json {
    const raw = params.expand;
    const paths = Array.isArray(raw) ? raw.filter((path): path is string => typeof path === 'string') : [];
    const result = clone(object);
    for (const path of paths) {
      const segments = path.split('.');
      if (segments.length > 4)
        throw invalid(`You cannot expand more than 4 levels of a property (${path}).`, 'expand');
      let node: Json = result;
      for (const segment of segments) {
        const value = node[segment];
        if (value === null) break;
        if (typeof value === 'string') {
          const found = this.lookup(value);
          if (!found) throw invalid(`This property cannot be expanded (${segment}).`, 'expand');
          node[segment] = clone(found);
          node = node[segment] as Json;
        } else if (typeof value === 'object' && value !== null) node = value as Json;
        else throw invalid(`This property cannot be expanded (${segment}).`, 'expand');
      }
    }
    return result;
  }

  // ── Checkout Sessions ────────────────────────────────────────────────────────────────────────

  private createSession(params: Json): FakeCheckoutSession {
    const mode = stringAt(params, 'mode');
    if (!mode) throw missing('mode');
    if (mode !== 'payment') throw invalid(`The fake supports mode=payment only, not ${mode}.`, 'mode');
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0) {
      throw invalid(
        'You must provide at least one line item (line_items) in payment mode.',
        'line_items',
        'parameter_missing',
      );
    }
    let currency: string | null = null;
    let total = 0;
    items.forEach((item: unknown, index) => {
      const line = typeof item === 'object' && item !== null ? (item as Json) : {};
      const at = `line_items[${index}]`;
      const priceData = objectAt(line, 'price_data');
      if (!priceData) {
        if (stringAt(line, 'price')) throw noSuch('price', stringAt(line, 'price') ?? '', `${at}[price]`);
        throw missing(`${at}[price_data]`);
      }
      const lineCurrency = currencyAt(priceData, 'currency', `${at}[price_data][currency]`);
      if (currency !== null && currency !== lineCurrency) {
        throw invalid('All line items must be in the same currency.', `${at}[price_data][currency]`);
      }
      currency = lineCurrency;
      if (!stringAt(priceData, 'product') && !stringAt(objectAt(priceData, 'product_data') ?? {}, 'name')) {
        throw missing(`${at}[price_data][product_data][name]`);
      }
      const unitAmount = integerAt(priceData, 'unit_amount', `${at}[price_data][unit_amount]`, 0);
      if (unitAmount === undefined) throw missing(`${at}[price_data][unit_amount]`);
      const quantity = integerAt(line, 'quantity', `${at}[quantity]`, 0);
      if (quantity === undefined) throw missing(`${at}[quantity]`);
      total += unitAmount * quantity;
    });
    const sessionCurrency: string = currency ?? 'usd';
    this.checkMinimum(total, sessionCurrency, 'line_items', true);
    const clientReferenceId = stringAt(params, 'client_reference_id') ?? null;
    if (clientReferenceId !== null && clientReferenceId.length > 200) {
      throw invalid('client_reference_id must be at most 200 characters.', 'client_reference_id');
    }
    const email = stringAt(params, 'customer_email') ?? null;
    if (email !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      throw invalid(`Invalid email address: ${email}`, 'customer_email', 'email_invalid');
    }
    const locale = stringAt(params, 'locale') ?? null;
    if (locale !== null && !LOCALES.has(locale)) throw invalid(`Invalid locale: ${locale}`, 'locale');
    const customerCreation =
      enumAt(params, 'customer_creation', ['always', 'if_required'] as const) ?? 'if_required';
    const intentData = objectAt(params, 'payment_intent_data') ?? {};
    const setupFutureUsage =
      enumAt(
        intentData,
        'setup_future_usage',
        ['on_session', 'off_session'] as const,
        'payment_intent_data[setup_future_usage]',
      ) ?? null;
    const id = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'a')}`;
    const created = nowSeconds();
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: urlAt(params, 'cancel_url'),
      client_reference_id: clientReferenceId,
      client_secret: null,
      consent: null,
      consent_collection: null,
      created,
      currency: sessionCurrency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer: null,
      customer_creation: customerCreation,
      customer_details:
        email === null
          ? null
          : { address: null, email, name: null, phone: null, tax_exempt: 'none', tax_ids: null },
      customer_email: email,
      discounts: [],
      expires_at: created + 24 * 60 * 60,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale,
      metadata: metadataAt(params, 'metadata'),
      mode: 'payment',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      phone_number_collection: { enabled: false },
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: urlAt(params, 'success_url'),
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${this.url}/pay/${id}`,
      wallet_options: null,
    };
    this.sessionStore.set(id, session);
    this.sessionIntentData.set(id, {
      setupFutureUsage,
      description: stringAt(intentData, 'description') ?? null,
    });
    return session;
  }

  private checkMinimum(amount: number, currency: string, param: string, checkout: boolean): void {
    const minimum = MINIMUM_AMOUNTS[currency];
    if (minimum === undefined || amount >= minimum) return;
    const least = formatMoney(minimum, currency);
    const message =
      currency === 'kzt'
        ? `Amount must convert to at least 50 cents. ${formatMoney(amount, currency)} converts to approximately ${formatMoney(Math.floor(amount / 500), 'usd')}.`
        : checkout
          ? `The Checkout Session's total amount due must add up to at least ${least} ${currency}`
          : `Amount must be at least ${least} ${currency}`;
    throw invalid(message, param, 'amount_too_small');
  }

  // ── Customers and PaymentMethods ─────────────────────────────────────────────────────────────

  private createCustomer(email: string | null, details: Json | null): string {
    const id = newId('cus');
    this.customerStore.set(id, {
      id,
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: {},
      name: typeof details?.name === 'string' ? details.name : null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    });
    return id;
  }

  private createCardMethod(customer: string | null, email: string | null): string {
    const id = newId('pm');
    this.methodStore.set(id, {
      id,
      object: 'payment_method',
      allow_redisplay: 'limited',
      billing_details: { address: null, email, name: 'Jenny Rosen', phone: null, tax_id: null },
      card: {
        brand: 'visa',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: 'visa',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        fingerprint: randomBytes(8).toString('hex'),
        funding: 'credit',
        last4: '4242',
        networks: { available: ['visa'], preferred: null },
        wallet: null,
      },
      created: nowSeconds(),
      customer,
      livemode: false,
      metadata: {},
      type: 'card',
    });
    return id;
  }

  // ── PaymentIntents ───────────────────────────────────────────────────────────────────────────

  private intentBase(
    id: string,
    created: number,
  ): Json & { id: string; object: 'payment_intent'; created: number; livemode: false } {
    return {
      id,
      object: 'payment_intent' as const,
      amount_capturable: 0,
      amount_details: { tip: {} },
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('base64url')}`,
      confirmation_method: 'automatic',
      created,
      livemode: false as const,
      next_action: null,
      on_behalf_of: null,
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      processing: null,
      review: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      transfer_data: null,
      transfer_group: null,
    };
  }

  private createIntent(
    params: Json,
    request: { requestId: string; idempotencyKey: string | null },
  ): FakePaymentIntent {
    const amount = integerAt(params, 'amount', 'amount', 1);
    if (amount === undefined) throw missing('amount');
    const currency = currencyAt(params, 'currency', 'currency');
    this.checkMinimum(amount, currency, 'amount', false);
    const customer = stringAt(params, 'customer') ?? null;
    if (customer !== null && !this.customerStore.has(customer))
      throw noSuch('customer', customer, 'customer');
    const methodId = stringAt(params, 'payment_method') ?? null;
    const method = methodId === null ? undefined : this.methodStore.get(methodId);
    if (methodId !== null && !method) throw noSuch('PaymentMethod', methodId, 'payment_method');
    const offSession = booleanAt(params, 'off_session') ?? false;
    const confirm = booleanAt(params, 'confirm') ?? false;
    if (offSession && !confirm) {
      throw invalid(
        'You may only specify `off_session` when confirming the PaymentIntent (confirm=true).',
        'off_session',
      );
    }
    if (method && method.customer !== customer) {
      throw invalid(
        method.customer === null
          ? 'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.'
          : `The provided PaymentMethod belongs to a different Customer than ${customer ?? 'none'}.`,
        'payment_method',
      );
    }
    if (confirm && methodId === null) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a customer, you must provide the payment_method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    const setupFutureUsage =
      enumAt(params, 'setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
    const intent: FakePaymentIntent = {
      ...this.intentBase(newId('pi'), nowSeconds()),
      amount,
      amount_received: 0,
      currency,
      customer,
      description: stringAt(params, 'description') ?? null,
      last_payment_error: null,
      latest_charge: null,
      metadata: metadataAt(params, 'metadata'),
      payment_method: methodId,
      receipt_email: stringAt(params, 'receipt_email') ?? null,
      setup_future_usage: setupFutureUsage,
      status: methodId === null ? 'requires_payment_method' : 'requires_confirmation',
    };
    this.intentStore.set(intent.id, intent);
    const eventRequest = { id: request.requestId, idempotency_key: request.idempotencyKey };
    if (!confirm) return intent;
    intent.latest_charge = newId('ch');
    const decline = this.declineNext === null ? undefined : DECLINES[this.declineNext];
    this.declineNext = null;
    if (decline) {
      const paymentMethod = clone(method ?? {});
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = {
        ...decline,
        type: 'card_error',
        charge: intent.latest_charge,
        doc_url: docUrl(decline.code),
        payment_method: paymentMethod,
      };
      this.emit('payment_intent.payment_failed', intent, eventRequest);
      throw new StripeApiError(402, {
        type: 'card_error',
        ...decline,
        charge: intent.latest_charge,
        payment_intent: clone(intent),
        payment_method: paymentMethod,
      });
    }
    intent.status = 'succeeded';
    intent.amount_received = amount;
    this.emit('payment_intent.succeeded', intent, eventRequest);
    return intent;
  }

  // ── Events and webhooks ──────────────────────────────────────────────────────────────────────

  private emit(
    type: string,
    object: Json,
    request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null },
  ): FakeStripeEvent {
    const subscribed = this.webhookUrl !== null && this.subscribed(type);
    const event: FakeStripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: FAKE_API_VERSION,
      created: nowSeconds(),
      data: { object: clone(object) },
      livemode: false,
      pending_webhooks: subscribed ? 1 : 0,
      request,
      type,
    };
    this.eventStore.set(event.id, event);
    if (subscribed && this.webhookUrl) void this.deliver(event, this.webhookUrl, 1);
    return event;
  }

  private subscribed(type: string): boolean {
    return this.enabledEvents.includes('*') || this.enabledEvents.includes(type);
  }

  private async deliver(event: FakeStripeEvent, url: string, attempt: number): Promise<void> {
    if (this.closed) return;
    const delivery = await this.attempt(event, url, attempt);
    if (isOk(delivery.status)) {
      event.pending_webhooks = 0;
      return;
    }
    if (attempt >= this.maxDeliveryAttempts || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(event, url, attempt + 1);
    }, this.retryIntervalMs);
    this.timers.add(timer);
  }

  /** One POST of an event, signed now; recorded in `deliveries`. */
  private async attempt(event: FakeStripeEvent, url: string, attempt = 1): Promise<FakeDelivery> {
    const payload = JSON.stringify(event, null, 2);
    const signature = this.sign(payload);
    let status = 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'cache-control': 'no-cache',
          accept: '*/*; q=0.5, application/xml',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = 0;
    }
    const delivery: FakeDelivery = {
      eventId: event.id,
      type: event.type,
      url,
      attempt,
      status,
      signature,
      at: Date.now(),
    };
    this.deliveries.push(delivery);
    if (isOk(status)) {
      const waiting = this.waiters.get(event.id) ?? [];
      this.waiters.delete(event.id);
      for (const resolve of waiting) resolve(delivery);
    }
    return delivery;
  }

  // ── The hosted payment page ──────────────────────────────────────────────────────────────────

  /** `GET /pay/<id>` shows the page; its buttons POST to `/pay/<id>/pay` and `/pay/<id>/cancel`. */
  private hostedPage(method: string, url: URL): Page {
    const match = /^\/pay\/([A-Za-z0-9_]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    const session = match?.[1] ? this.sessionStore.get(match[1]) : undefined;
    const action = match?.[2];
    if (!session) {
      return page(
        404,
        'Not found',
        '<p>Something went wrong. The page you were looking for could not be found.</p>',
      );
    }
    if (method === 'POST' && action === 'cancel') {
      return session.cancel_url
        ? { location: session.cancel_url }
        : page(200, 'Cancelled', '<p>Cancelled.</p>');
    }
    if (session.status !== 'open') {
      if (session.status === 'complete' && session.success_url) {
        return { location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
      }
      return page(200, 'Expired', '<p>This Checkout Session is no longer active.</p>');
    }
    if (method === 'POST' && action === 'pay') {
      const { redirectUrl } = this.pay(session.id);
      return redirectUrl ? { location: redirectUrl } : page(200, 'Paid', '<p>Thanks for your payment.</p>');
    }
    if (method !== 'GET' || action) return page(405, 'Method not allowed', '<p>Method not allowed.</p>');
    const amount = formatMoney(session.amount_total, session.currency, session.locale ?? 'en');
    const email = session.customer_email ? `<p>Email: ${escapeHtml(session.customer_email)}</p>` : '';
    return page(
      200,
      `Pay ${amount}`,
      `<h1 data-amount="${session.amount_total}" data-currency="${session.currency}">${escapeHtml(amount)}</h1>
<p>Test mode · card visa •••• 4242</p>${email}
<form method="post" action="/pay/${session.id}/pay"><button type="submit" name="pay">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit" name="cancel">Cancel</button></form>`,
    );
  }

  // ── /__fake/ ─────────────────────────────────────────────────────────────────────────────────

  /**
   * The test methods over HTTP, for tests that cannot hold this object (inside workerd); these are
   * not API calls and are not recorded in `calls`.
   *   GET  /__fake/config                          → {api_key, webhook_secret, webhook_url, enabled_events}
   *   POST /__fake/webhook-endpoint {url, enabled_events?} → {url, secret}         (setWebhookEndpoint)
   *   POST /__fake/sessions/:id/pay                → {session, event, redirect_url} (pay)
   *   POST /__fake/sessions/:id/expire             → {session, event}               (expire)
   *   POST /__fake/events/:id/redeliver {times?}   → {statuses}                     (redeliver)
   *   POST /__fake/decline-next-charge {code?}     → {code}                         (declineNextCharge)
   *   POST /__fake/payment-intents/:id/refund {amount?} → {charge, event}            (refund)
   *   GET  /__fake/sessions | /__fake/payment-intents | /__fake/events | /__fake/deliveries | /__fake/calls
   */
  private introspect(method: string, url: URL, body: string): { status: number; body: unknown } {
    let input: Json = {};
    try {
      const parsed: unknown = body === '' ? {} : JSON.parse(body);
      if (typeof parsed === 'object' && parsed !== null) input = parsed as Json;
    } catch {
      return { status: 400, body: { error: 'the body is not JSON' } };
    }
    const route = `${method} ${url.pathname}`;
    const at = /^POST \/__fake\/(sessions|events)\/([A-Za-z0-9_]+)\/(pay|expire|redeliver)$/.exec(route);
    try {
      if (route === 'GET /__fake/config') {
        return {
          status: 200,
          body: {
            api_key: this.apiKey,
            webhook_secret: this.webhookSecret,
            webhook_url: this.webhookUrl,
            enabled_events: this.enabledEvents,
          },
        };
      }
      if (route === 'POST /__fake/webhook-endpoint') {
        const target = typeof input.url === 'string' ? input.url : null;
        const events = Array.isArray(input.enabled_events) ? input.enabled_events.map(String) : undefined;
        return { status: 200, body: { url: target, secret: this.setWebhookEndpoint(target, events) } };
      }
      if (at?.[1] === 'sessions' && at[2] && at[3] === 'pay') {
        const { session, event, redirectUrl } = this.pay(at[2]);
        return { status: 200, body: { session, event, redirect_url: redirectUrl } };
      }
      if (at?.[1] === 'sessions' && at[2] && at[3] === 'expire')
        return { status: 200, body: this.expire(at[2]) };
      if (at?.[1] === 'events' && at[2] && at[3] === 'redeliver') {
        const times = typeof input.times === 'number' ? input.times : 1;
        // Answered at once; the deliveries show up in /__fake/deliveries as they are made.
        return { status: 202, body: { pending: this.redeliverLater(at[2], times) } };
      }
      const refund = /^POST \/__fake\/payment-intents\/([A-Za-z0-9_]+)\/refund$/.exec(route);
      if (refund?.[1]) {
        const amount = typeof input.amount === 'number' ? input.amount : undefined;
        return { status: 200, body: this.refund(refund[1], amount) };
      }
      if (route === 'POST /__fake/decline-next-charge') {
        const code = typeof input.code === 'string' ? input.code : 'card_declined';
        this.declineNextCharge(code);
        return { status: 200, body: { code } };
      }
      if (route === 'GET /__fake/sessions') return { status: 200, body: { sessions: this.sessions } };
      if (route === 'GET /__fake/payment-intents')
        return { status: 200, body: { payment_intents: this.paymentIntents } };
      if (route === 'GET /__fake/events') return { status: 200, body: { events: this.events } };
      if (route === 'GET /__fake/deliveries') return { status: 200, body: { deliveries: this.deliveries } };
      if (route === 'GET /__fake/calls') return { status: 200, body: { calls: this.calls } };
    } catch (error) {
      return { status: 400, body: { error: error instanceof Error ? error.message : String(error) } };
    }
    return { status: 404, body: { error: `no such fake route ${route}` } };
  }

  /** Starts `redeliver` without waiting (the introspection handler is synchronous); the count queued. */
  private redeliverLater(eventId: string, times: number): number {
    if (!this.eventStore.has(eventId)) throw new Error(`no event ${eventId}`);
    void this.redeliver(eventId, times).catch(() => undefined);
    return times;
  }
}

const isOk = (status: number) => status >= 200 && status < 300;

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

type Page = { location: string } | { status: number; html: string };

const page = (status: number, title: string, content: string): Page => ({
  status,
  html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${content}</body></html>`,
});

/** A redirect is a 303 See Other, as after a form POST. */
function sendPage(response: ServerResponse, answer: Page): void {
  if ('location' in answer) {
    response.writeHead(303, { location: answer.location, 'content-type': 'text/html; charset=utf-8' });
    response.end(`<a href="${escapeHtml(answer.location)}">Redirecting…</a>`);
    return;
  }
  response.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(answer.html);
}

export const startFakeStripe = (options?: FakeStripeOptions) => new FakeStripe(options).start();
