import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearer, type FakeServer, sendJson, serveFake } from './serve';
import {
  customerMessageChange,
  echoChange,
  envelope,
  graphError,
  metaJson,
  metaSignature,
  newWamid,
  statusChange,
  type WireCustomer,
  type WireNumber,
} from './whatsapp-cloud-wire';

/**
 * A fake Meta Graph API for the WhatsApp Cloud API and the Meta side of its webhooks
 * (reference/whatsapp-cloud.md, checklist §7). Each business is one Meta app (its system-user
 * token and app secret) with one WABA and one number. Graph calls (`/vNN.N/…` or unversioned) need
 * `Authorization: Bearer <token>` (401 code 190 otherwise), an `appsecret_proof` that matches when
 * given (400 code 100), and reach only the token's own objects (400 code 100, subcode 33).
 * `POST /{pnid}/messages` checks the body as Meta does (code 100), enforces the 24-hour customer
 * service window (131047, synchronously or as a `failed` status), answers a wamid and then sends
 * the statuses. Webhooks go only to an app whose callback URL passed the GET handshake and which is
 * subscribed to the WABA; each POST is written as Meta writes (`\uXXXX`, `\/`) and signed with the
 * app secret. Tests play the customer (texts, media, a username-only user), the owner in the
 * Business app (`smb_message_echoes`), batches and redeliveries.
 */

type Json = Record<string, unknown>;

export const FAKE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface FakeWhatsAppBusiness extends WireNumber {
  token: string;
  appSecret: string;
  verifiedName: string;
  /** POST /{waba}/subscribed_apps was called (and not undone). */
  subscribed: boolean;
  /** The callback URL the owner saved in the dashboard, once its handshake passed. */
  callbackUrl: string | null;
  /** The app requires appsecret_proof on every call (App settings › Advanced). */
  requireProof: boolean;
  /** How a free-form send outside the window fails (§3.3: peers report both). */
  windowRefusal: 'sync' | 'async';
  /** The statuses each accepted send gets, in order. */
  statusFlow: string[];
  /** Last time each customer (by wa_id and by user id) wrote, in the fake's time. */
  lastInbound: Map<string, number>;
}

export interface FakeWhatsAppSent {
  phoneNumberId: string;
  /** The wa_id (digits of `to`) or the BSUID (`recipient`). */
  recipient: string;
  type: string;
  text: string | null;
  link: string | null;
  caption: string | null;
  wamid: string;
}

export interface FakeWhatsAppDelivery {
  business: FakeWhatsAppBusiness;
  raw: string;
  signature: string;
  status: number | null;
}

export type FakeWhatsAppFetch = (url: string, init: RequestInit) => Promise<Response>;

/** A Graph object id: 15 digits. */
const graphId = () => `${randomInt(100_000, 999_999)}${randomInt(100_000_000, 999_999_999)}`;

const TEXT_LIMIT = 4096;
const CAPTION_LIMIT = 1024;
const MEDIA = ['image', 'video', 'audio', 'document', 'sticker'];

export class FakeWhatsAppCloud {
  readonly businesses = new Map<string, FakeWhatsAppBusiness>();
  readonly sent: FakeWhatsAppSent[] = [];
  readonly deliveries: FakeWhatsAppDelivery[] = [];
  readonly calls: { method: string; path: string; status: number }[] = [];
  /** Sends are refused with this Graph error (a test's outage) while set. */
  refuseSends: { status: number; code: number; message: string } | null = null;
  private server: FakeServer | null = null;
  private fetcher: FakeWhatsAppFetch = (url, init) => fetch(url, init);
  private readonly pending = new Set<Promise<unknown>>();
  private offsetMs = 0;

  get url(): string {
    if (!this.server) throw new Error('the fake WhatsApp Cloud API is not started');
    return this.server.url;
  }

  /** The fake's clock (the window), moved by `advance`. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Deliveries go through `fetcher` (a test app's in-process request) instead of the network. */
  deliverVia(fetcher: FakeWhatsAppFetch): this {
    this.fetcher = fetcher;
    return this;
  }

  async start(): Promise<this> {
    this.server = await serveFake((request, body, response) => {
      void this.handle(request, body, response);
    });
    return this;
  }

  close(): Promise<void> {
    return this.server?.close() ?? Promise.resolve();
  }

  /** Resolves once every delivery started so far (statuses of sends) has been answered. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** A business with its own Meta app, WABA and number. */
  addBusiness(overrides: Partial<FakeWhatsAppBusiness> = {}): FakeWhatsAppBusiness {
    const business: FakeWhatsAppBusiness = {
      wabaId: graphId(),
      phoneNumberId: graphId(),
      display: `1555${randomInt(1_000_000, 9_999_999)}`,
      verifiedName: 'Салон «Луна»',
      token: `EAAG${randomBytes(60).toString('base64url')}`,
      appSecret: randomBytes(16).toString('hex'),
      subscribed: false,
      callbackUrl: null,
      requireProof: false,
      windowRefusal: 'sync',
      statusFlow: ['sent', 'delivered'],
      lastInbound: new Map(),
      ...overrides,
    };
    this.businesses.set(business.phoneNumberId, business);
    return business;
  }

  /** What was sent to a customer (wa_id or BSUID), texts and media captions/links, in order. */
  sentTo(recipient: string): string[] {
    return this.sent
      .filter((one) => one.recipient === recipient)
      .map((one) => one.text ?? `${one.type}: ${one.link}`);
  }

  // ---- Graph side ----

  private async handle(request: IncomingMessage, raw: string, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const reply = (status: number, body: Json) => {
      this.calls.push({ method, path: url.pathname, status });
      sendJson(response, status, body);
    };
    const token = bearer(request);
    const business = [...this.businesses.values()].find((one) => one.token === token);
    if (!business)
      return reply(
        401,
        graphError(190, 'Invalid OAuth access token - Cannot parse access token', { type: 'OAuthException' }),
      );
    const proof = url.searchParams.get('appsecret_proof');
    const expected = createHmac('sha256', business.appSecret).update(business.token).digest('hex');
    if (proof !== null && proof !== expected)
      return reply(
        400,
        graphError(100, 'Invalid appsecret_proof provided in the API argument', {
          type: 'GraphMethodException',
        }),
      );
    if (proof === null && business.requireProof)
      return reply(
        400,
        graphError(100, 'API calls from the server require an appsecret_proof argument', {
          type: 'GraphMethodException',
        }),
      );
    const segments = url.pathname.split('/').filter(Boolean);
    if (/^v\d+\.\d+$/.test(segments[0] ?? '')) segments.shift();
    const [objectId = '', edge] = segments;
    const owns = objectId === business.phoneNumberId || objectId === business.wabaId;
    if (!owns || segments.length > 2)
      return reply(
        400,
        graphError(
          100,
          `Unsupported ${method.toLowerCase()} request. Object with ID '${objectId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
          { type: 'GraphMethodException', error_subcode: 33 },
        ),
      );
    const route = `${method} ${objectId === business.wabaId ? 'waba' : 'pnid'}${edge ? `/${edge}` : ''}`;
    if (route === 'GET pnid')
      return reply(200, {
        id: business.phoneNumberId,
        display_phone_number: `+${business.display.slice(0, 1)} ${business.display.slice(1, 4)}-${business.display.slice(4, 7)}-${business.display.slice(7)}`,
        verified_name: business.verifiedName,
        quality_rating: 'GREEN',
      });
    if (route === 'POST waba/subscribed_apps') {
      business.subscribed = true;
      return reply(200, { success: true });
    }
    if (route === 'DELETE waba/subscribed_apps') {
      business.subscribed = false;
      return reply(200, { success: true });
    }
    if (route === 'POST pnid/messages') return this.send(business, raw, reply);
    return reply(400, graphError(100, `Unknown path components: /${edge ?? ''}`, { type: 'OAuthException' }));
  }

  private async send(
    business: FakeWhatsAppBusiness,
    raw: string,
    reply: (status: number, body: Json) => void,
  ): Promise<void> {
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return reply(400, graphError(100, '(#100) Invalid parameter'));
    }
    const invalid = (message: string) => reply(400, graphError(100, `(#100) ${message}`));
    if (body.messaging_product !== 'whatsapp') return invalid('The parameter messaging_product is required.');
    const to = typeof body.to === 'string' ? body.to.replace(/[\s()+-]/g, '') : null;
    const bsuid = typeof body.recipient === 'string' ? body.recipient : null;
    if (to !== null && !/^\d{5,20}$/.test(to)) return invalid('Invalid parameter: to');
    const recipient = to ?? bsuid;
    if (!recipient) return invalid('The parameter to is required.');
    const type = typeof body.type === 'string' ? body.type : 'text';
    const content = (body[type] ?? null) as Json | null;
    let text: string | null = null;
    let link: string | null = null;
    let caption: string | null = null;
    if (type === 'text') {
      if (!content || typeof content.body !== 'string' || content.body === '')
        return invalid("The parameter text['body'] is required.");
      if (content.body.length > TEXT_LIMIT)
        return invalid("Param text['body'] must be at most 4096 characters long.");
      text = content.body;
    } else if (MEDIA.includes(type)) {
      if (!content) return invalid(`The parameter ${type} is required.`);
      const hasLink = typeof content.link === 'string';
      if (hasLink === (typeof content.id === 'string'))
        return invalid(`Param ${type} must have exactly one of id or link.`);
      if (hasLink && !/^https:\/\//.test(String(content.link)))
        return invalid(`Param ${type}['link'] must be an https URL.`);
      if (typeof content.caption === 'string' && content.caption.length > CAPTION_LIMIT)
        return invalid(`Param ${type}['caption'] must be at most 1024 characters long.`);
      link = hasLink ? String(content.link) : null;
      caption = typeof content.caption === 'string' ? content.caption : null;
    } else if (type !== 'template') {
      return invalid(`Param type must be one of {TEXT, IMAGE, VIDEO, AUDIO, DOCUMENT, STICKER, TEMPLATE, …}`);
    }
    if (this.refuseSends) {
      const { status, code, message } = this.refuseSends;
      return reply(status, graphError(code, `(#${code}) ${message}`));
    }
    const last = business.lastInbound.get(recipient);
    const windowOpen = type === 'template' || (last !== undefined && this.now() - last <= FAKE_WINDOW_MS);
    const reengagement = {
      code: 131047,
      title: 'Re-engagement message',
      details:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    };
    if (!windowOpen && business.windowRefusal === 'sync')
      return reply(
        400,
        graphError(131047, '(#131047) Re-engagement message', { details: reengagement.details }),
      );
    const wamid = newWamid();
    this.sent.push({ phoneNumberId: business.phoneNumberId, recipient, type, text, link, caption, wamid });
    reply(200, {
      messaging_product: 'whatsapp',
      contacts: [to ? { input: String(body.to), wa_id: to } : { input: bsuid, user_id: bsuid }],
      messages: [{ id: wamid }],
    });
    const flow = windowOpen ? business.statusFlow : ['failed'];
    void (async () => {
      for (const status of flow) {
        const changed = statusChange(
          business,
          wamid,
          status,
          recipient,
          Math.floor(this.now() / 1000),
          status === 'failed' ? reengagement : undefined,
        );
        await this.post(business, envelope([{ number: business, change: changed }]));
      }
    })();
  }

  // ---- the dashboard and the webhook side ----

  /**
   * The owner saves the callback URL and verify token in the app's dashboard: Meta sends the GET
   * handshake and keeps the URL only when it answers 200 with the challenge (§2.2).
   */
  async configureWebhook(business: FakeWhatsAppBusiness, url: string, verifyToken: string): Promise<boolean> {
    const challenge = String(randomInt(1_000_000_000, 2_000_000_000));
    const target = new URL(url);
    target.searchParams.set('hub.mode', 'subscribe');
    target.searchParams.set('hub.challenge', challenge);
    target.searchParams.set('hub.verify_token', verifyToken);
    try {
      const response = await this.fetcher(target.toString(), {
        method: 'GET',
        headers: { 'user-agent': 'facebookexternalua' },
      });
      const ok = response.status === 200 && (await response.text()) === challenge;
      if (ok) business.callbackUrl = url;
      return ok;
    } catch {
      return false;
    }
  }

  /** POSTs a body to the app's callback, signed; null when the app gets no webhooks (not subscribed or no URL). */
  post(business: FakeWhatsAppBusiness, body: Json): Promise<FakeWhatsAppDelivery | null> {
    if (!business.subscribed || !business.callbackUrl) return Promise.resolve(null);
    const raw = metaJson(body);
    return this.postRaw(business, raw, metaSignature(business.appSecret, raw));
  }

  /** Sends exact bytes with a given signature (a redelivery, or a forgery). */
  postRaw(business: FakeWhatsAppBusiness, raw: string, signature: string): Promise<FakeWhatsAppDelivery> {
    const target = business.callbackUrl ?? '';
    const run = (async () => {
      let status: number | null = null;
      try {
        const response = await this.fetcher(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'facebookexternalua',
            'x-hub-signature-256': signature,
          },
          body: raw,
        });
        await response.body?.cancel();
        status = response.status;
      } catch {
        status = null;
      }
      const delivery = { business, raw, signature, status };
      this.deliveries.push(delivery);
      return delivery;
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  /** Sends a delivery's exact bytes again (Meta retries and duplicates, §2.7). */
  redeliver(delivery: FakeWhatsAppDelivery): Promise<FakeWhatsAppDelivery> {
    return this.postRaw(delivery.business, delivery.raw, delivery.signature);
  }

  /** A customer's message as one change (for a batch); the window opens for them. */
  customerChange(
    business: FakeWhatsAppBusiness,
    customer: WireCustomer,
    message: Json = { type: 'text', text: { body: 'Здравствуйте' } },
    wamid = newWamid(),
  ): { number: WireNumber; change: Json; wamid: string } {
    const at = this.now();
    if (customer.waId) business.lastInbound.set(customer.waId, at);
    if (customer.userId) business.lastInbound.set(customer.userId, at);
    return {
      number: business,
      change: customerMessageChange(business, customer, wamid, message, Math.floor(at / 1000)),
      wamid,
    };
  }

  /** A customer writes a text. */
  customerWrites(business: FakeWhatsAppBusiness, customer: WireCustomer, text: string) {
    const one = this.customerChange(business, customer, { type: 'text', text: { body: text } });
    return this.post(business, envelope([one]));
  }

  /** The owner writes to a customer from the WhatsApp Business app on the shared number. */
  ownerWritesInApp(business: FakeWhatsAppBusiness, to: string, text: string, wamid = newWamid()) {
    const changed = echoChange(
      business,
      to,
      wamid,
      { type: 'text', text: { body: text } },
      Math.floor(this.now() / 1000),
    );
    return this.post(business, envelope([{ number: business, change: changed }]));
  }

  /** Several changes in one POST, one entry per WABA (§2.3: batching). */
  batch(business: FakeWhatsAppBusiness, changes: { number: WireNumber; change: Json }[]) {
    return this.post(business, envelope(changes));
  }
}

export const startFakeWhatsAppCloud = () => new FakeWhatsAppCloud().start();
