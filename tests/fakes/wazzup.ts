import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fakeQrPng } from './qr-png';
import { bearer, type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake Wazzup user API v3 (reference/messengers.md §1, checklist §1.10) speaking its wire format:
 * `Authorization: Bearer <apiKey>` (401 INVALID_APIKEY otherwise), 4xx bodies `{error, description}`,
 * 429 above `rateLimit` requests per 5 s. `GET /v3/channels`; `PATCH /v3/webhooks` POSTs
 * `{"test":true}` to the URI and fails with testPostNotPassed unless it answers 200; `POST /v3/message`
 * answers 201 `{messageId, chatId}`, then delivers the send back as an `isEcho` webhook with its
 * statuses. Deliveries carry only what is subscribed (messagesAndStatuses, channelsUpdates). Tests
 * inject customer and manager messages and QR channel updates, and redeliver.
 *
 * Tests inside workerd drive the same through `/__fake/...` (see `introspect`). The Worker under
 * test cannot be reached from here, so with `relayUnreachable` a delivery whose address does not
 * answer waits in an outbox (up to Wazzup's 30 s timeout) until the test hands it to the Worker and
 * reports the status it got; the PATCH's probe is answered that way too.
 */

export interface FakeWazzupChannel {
  channelId: string;
  transport: string;
  plainId: string;
  state: string;
  name?: string;
}

export interface FakeWazzupSent {
  messageId: string;
  channelId: string;
  chatType: string;
  chatId: string;
  text: string | null;
  contentUri: string | null;
  crmMessageId: string | null;
  clearUnanswered: unknown;
  at: number;
}

export interface FakeWazzupDelivery {
  body: Record<string, unknown>;
  /** HTTP status of each attempt; null when the request failed. */
  statuses: (number | null)[];
}

interface Options {
  apiKey?: string;
  channels?: FakeWazzupChannel[];
  /** Requests per 5 s before 429 (Wazzup: 500). */
  rateLimit?: number;
  /** Park deliveries to an address that does not answer until a test relays them (workerd). */
  relayUnreachable?: boolean;
}

/** A delivery waiting for a test to hand it to an address this process cannot reach. */
export interface FakeWazzupParcel {
  id: number;
  uri: string;
  body: unknown;
}

interface Parked extends FakeWazzupParcel {
  answer: (status: number | null) => void;
}

/** The subscription each key of a delivery needs. */
const SUBSCRIPTION_OF: Record<string, string> = {
  messages: 'messagesAndStatuses',
  statuses: 'messagesAndStatuses',
  channelsUpdates: 'channelsUpdates',
};

const CHAT_TYPES = new Set([
  'whatsapp',
  'whatsgroup',
  'viber',
  'instagram',
  'telegram',
  'telegroup',
  'vk',
  'avito',
  'max',
]);
const TEXT_LIMIT = 10_000;
const RATE_WINDOW_MS = 5_000;
const REPEAT_WINDOW_MS = 60_000;

const error = (response: ServerResponse, status: number, code: string, description: string) =>
  sendJson(response, status, { error: code, description });

export class FakeWazzup {
  readonly apiKey: string;
  channels: FakeWazzupChannel[];
  webhooksUri: string | null = null;
  subscriptions: Record<string, unknown> = {};
  readonly sent: FakeWazzupSent[] = [];
  readonly deliveries: FakeWazzupDelivery[] = [];
  /** Every API request: method, path and the status answered. */
  readonly calls: { method: string; path: string; status: number }[] = [];
  private readonly rateLimit: number;
  private readonly relayUnreachable: boolean;
  private recent: number[] = [];
  private server: FakeServer | null = null;
  private outbox: Parked[] = [];
  private parcels = 0;
  /** Deliveries under way (an echo after a send is not awaited by the sender). */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(options: Options = {}) {
    this.apiKey = options.apiKey ?? 'wazzup-test-key-0123456789abcdef';
    this.rateLimit = options.rateLimit ?? 500;
    this.relayUnreachable = options.relayUnreachable ?? false;
    this.channels = options.channels ?? [
      {
        channelId: randomUUID(),
        transport: 'whatsapp',
        plainId: '79990001122',
        state: 'active',
        name: 'Салон',
      },
      { channelId: randomUUID(), transport: 'telegram', plainId: 'salon_bot', state: 'active' },
    ];
  }

  get url(): string {
    if (!this.server) throw new Error('the fake Wazzup is not started');
    return this.server.url;
  }

  /** The client's apiRoot. */
  get apiRoot(): string {
    return `${this.url}/v3`;
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

  get whatsapp(): FakeWazzupChannel {
    const channel = this.channels.find((one) => one.transport === 'whatsapp');
    if (!channel) throw new Error('no WhatsApp channel');
    return channel;
  }

  private async handle(request: IncomingMessage, raw: string, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const method = request.method ?? 'GET';
    if (path.startsWith('/__fake/')) return this.introspect(method, path, raw, response);
    const answer = (status: number) => this.calls.push({ method, path, status });
    if (bearer(request) !== this.apiKey) {
      answer(401);
      return error(response, 401, 'INVALID_APIKEY', 'Invalid API key');
    }
    const now = Date.now();
    this.recent = this.recent.filter((at) => now - at < RATE_WINDOW_MS);
    if (this.recent.length >= this.rateLimit) {
      answer(429);
      // Seconds until the oldest request of the window leaves it.
      const free = Math.max(1, Math.ceil(((this.recent[0] ?? now) + RATE_WINDOW_MS - now) / 1000));
      response.setHeader('retry-after', String(free));
      return error(response, 429, 'TOO_MANY_REQUESTS', 'Rate limit: 500 requests per 5 seconds');
    }
    this.recent.push(now);
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        answer(400);
        return error(response, 400, 'INVALID_MESSAGE_DATA', 'Body is not JSON');
      }
    }
    if (method === 'GET' && path === '/v3/channels') {
      answer(200);
      return sendJson(response, 200, this.channels);
    }
    if (method === 'GET' && path === '/v3/webhooks') {
      answer(200);
      return sendJson(response, 200, { webhooksUri: this.webhooksUri, subscriptions: this.subscriptions });
    }
    if (method === 'PATCH' && path === '/v3/webhooks') {
      const status = await this.subscribe(body);
      answer(status.code);
      return status.code === 200
        ? sendJson(response, 200, { ok: true })
        : error(response, 400, status.error, '');
    }
    if (method === 'POST' && path === '/v3/message') {
      const status = this.send(body);
      answer(status.code);
      if (status.code !== 201)
        return error(response, status.code, status.error ?? '', status.description ?? '');
      sendJson(response, 201, { messageId: status.sent?.messageId, chatId: status.sent?.chatId });
      if (status.sent) this.track(this.echo(status.sent));
      return;
    }
    answer(404);
    return error(response, 404, 'NOT_FOUND', `${method} ${path}`);
  }

  private async subscribe(body: Record<string, unknown>): Promise<{ code: number; error: string }> {
    const uri = body.webhooksUri;
    if (typeof uri !== 'string' || uri.length > 200 || !/^https?:\/\//.test(uri)) {
      return { code: 400, error: 'uriNotValid' };
    }
    const probe = await this.post(uri, { test: true });
    if (probe !== 200) return { code: 400, error: 'testPostNotPassed' };
    this.webhooksUri = uri;
    this.subscriptions = (body.subscriptions as Record<string, unknown>) ?? {};
    return { code: 200, error: '' };
  }

  private send(body: Record<string, unknown>): {
    code: number;
    error?: string;
    description?: string;
    sent?: FakeWazzupSent;
  } {
    const invalid = (description: string) => ({ code: 400, error: 'INVALID_MESSAGE_DATA', description });
    const channel = this.channels.find((one) => one.channelId === body.channelId);
    if (!channel) return { code: 400, error: 'CHANNEL_NOT_FOUND', description: 'Channel not found' };
    if (channel.state.toLowerCase() === 'notenoughmoney') {
      return { code: 400, error: 'CHANNEL_NO_MONEY', description: 'Channel is not paid' };
    }
    if (channel.state.toLowerCase() !== 'active') {
      return { code: 400, error: 'MESSAGE_CHANNEL_UNAVAILABLE', description: `Channel is ${channel.state}` };
    }
    if (typeof body.chatType !== 'string' || !CHAT_TYPES.has(body.chatType)) return invalid('chatType');
    if (typeof body.chatId !== 'string' || body.chatId === '') return invalid('chatId');
    if (body.chatType === 'whatsapp' && !/^\d{10,15}$/.test(body.chatId)) return invalid('chatId');
    const text = typeof body.text === 'string' ? body.text : null;
    const contentUri = typeof body.contentUri === 'string' ? body.contentUri : null;
    if ((text === null) === (contentUri === null)) return invalid('text xor contentUri');
    if (text !== null && (text.trim() === '' || text.length > TEXT_LIMIT)) return invalid('text');
    const crmMessageId = typeof body.crmMessageId === 'string' ? body.crmMessageId : null;
    const now = Date.now();
    if (
      crmMessageId &&
      this.sent.some((one) => one.crmMessageId === crmMessageId && now - one.at < REPEAT_WINDOW_MS)
    ) {
      return { code: 400, error: 'REPEATED_CRM_MESSAGE_ID', description: 'crmMessageId repeated' };
    }
    const sent: FakeWazzupSent = {
      messageId: randomUUID(),
      channelId: channel.channelId,
      chatType: body.chatType,
      chatId: body.chatId,
      text,
      contentUri,
      crmMessageId,
      clearUnanswered: body.clearUnanswered,
      at: now,
    };
    this.sent.push(sent);
    return { code: 201, sent };
  }

  /** Our own send comes back as an isEcho message, then its statuses sent → delivered → read. */
  private async echo(sent: FakeWazzupSent): Promise<void> {
    await this.deliver({
      messages: [
        {
          messageId: sent.messageId,
          channelId: sent.channelId,
          chatType: sent.chatType,
          chatId: sent.chatId,
          dateTime: new Date().toISOString(),
          type: sent.text === null ? 'document' : 'text',
          isEcho: true,
          status: 'sent',
          ...(sent.text === null ? { contentUri: sent.contentUri } : { text: sent.text }),
        },
      ],
    });
    for (const status of ['delivered', 'read']) {
      await this.deliver({
        statuses: [{ messageId: sent.messageId, timestamp: new Date().toISOString(), status }],
      });
    }
  }

  private async post(uri: string, body: unknown): Promise<number | null> {
    try {
      const response = await fetch(uri, {
        method: 'POST',
        // The content type exactly as Wazzup sends it, typo included.
        headers: { 'content-type': 'application/json; charset-utf-8' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return this.relayUnreachable ? this.park(uri, body) : null;
    }
  }

  /** Waits for a test to relay the delivery (30 s, Wazzup's timeout); null when nobody does. */
  private park(uri: string, body: unknown): Promise<number | null> {
    return new Promise((done) => {
      const id = ++this.parcels;
      const timer = setTimeout(() => settle(null), 30_000);
      const settle = (status: number | null) => {
        clearTimeout(timer);
        this.outbox = this.outbox.filter((one) => one.id !== id);
        done(status);
      };
      this.outbox.push({ id, uri, body, answer: settle });
    });
  }

  /**
   * Sends one webhook delivery to the subscribed URI, once, with what is subscribed of it; answers
   * its HTTP status, or null when nothing of it is subscribed (nothing is sent).
   */
  async deliver(everything: Record<string, unknown>): Promise<number | null> {
    if (!this.webhooksUri) throw new Error('no webhook subscribed');
    const body = Object.fromEntries(
      Object.entries(everything).filter(([key]) => this.subscriptions[SUBSCRIPTION_OF[key] ?? key] === true),
    );
    if (Object.keys(body).length === 0) return null;
    const delivery: FakeWazzupDelivery = { body, statuses: [] };
    this.deliveries.push(delivery);
    const status = await this.track(this.post(this.webhooksUri, body));
    delivery.statuses.push(status);
    return status;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  /** Resolves once every delivery under way (echoes and statuses of sends included) is answered. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Other traffic of the account used up this 5 s window: the next request is refused with 429. */
  exhaustRateLimit(): void {
    const now = Date.now();
    this.recent = Array.from({ length: this.rateLimit }, () => now);
  }

  /** Delivers the n-th delivery again (a duplicate, as at-least-once delivery allows). */
  async redeliver(index: number): Promise<number | null> {
    const delivery = this.deliveries[index];
    if (!delivery || !this.webhooksUri) throw new Error(`no delivery ${index}`);
    const status = await this.track(this.post(this.webhooksUri, delivery.body));
    delivery.statuses.push(status);
    return status;
  }

  /** Delivers again the delivery that carried message `messageId`. */
  redeliverMessage(messageId: string): Promise<number | null> {
    const index = this.deliveries.findIndex(
      (delivery) =>
        Array.isArray(delivery.body.messages) &&
        delivery.body.messages.some((message: { messageId?: unknown }) => message.messageId === messageId),
    );
    return this.redeliver(index);
  }

  /** A customer writes on WhatsApp: an inbound (isEcho false) message. */
  customerWrites(chatId: string, text: string, contact: { name?: string; phone?: string } = {}) {
    return this.customerSends(chatId, { type: 'text', text }, contact);
  }

  /**
   * A customer sends anything (an image with a caption, a voice message, a location: `type` is
   * Wazzup's message type); media comes with a contentUri.
   */
  customerSends(
    chatId: string,
    content: { type: string; text?: string },
    contact: { name?: string; phone?: string } = {},
  ) {
    const message = this.customerMessage(chatId, content, contact);
    return {
      messageId: message.messageId,
      body: { messages: [message] },
      delivered: this.deliver({ messages: [message] }),
    };
  }

  /** A customer's message as Wazzup delivers it, not delivered (to post by hand). */
  customerMessage(
    chatId: string,
    content: { type: string; text?: string },
    contact: { name?: string; phone?: string } = {},
  ) {
    const messageId = randomUUID();
    return {
      messageId,
      dateTime: new Date().toISOString(),
      channelId: this.whatsapp.channelId,
      chatType: 'whatsapp',
      chatId,
      type: content.type,
      isEcho: false,
      status: 'inbound',
      contact: { name: contact.name ?? 'Иван', phone: contact.phone ?? chatId },
      ...(content.text === undefined ? {} : { text: content.text }),
      ...(content.type === 'text' ? {} : { contentUri: `https://store.wazzup24.com/${messageId}` }),
    };
  }

  /** A manager writes from the phone (sentFromApp false) or the Wazzup app (true): an echo we did not send. */
  managerWrites(chatId: string, text: string, options: { fromApp?: boolean; authorName?: string } = {}) {
    return this.deliver({
      messages: [
        {
          messageId: randomUUID(),
          dateTime: new Date().toISOString(),
          channelId: this.whatsapp.channelId,
          chatType: 'whatsapp',
          chatId,
          type: 'text',
          isEcho: true,
          status: 'sent',
          sentFromApp: options.fromApp ?? false,
          ...(options.authorName ? { authorName: options.authorName } : {}),
          text,
        },
      ],
    });
  }

  /** The phone was logged out: the channel waits for a scan (GET /v3/channels says qridle), nothing pushed yet. */
  loggedOut(): void {
    this.whatsapp.state = 'qridle';
  }

  /** The channel waits for a scan: state qr with a fresh QR (a data: URL), or becomes active. */
  channelState(state: 'qr' | 'active', qr?: string) {
    const channel = this.whatsapp;
    channel.state = state === 'qr' ? 'qridle' : 'active';
    return this.deliver({
      channelsUpdates: [
        {
          channelId: channel.channelId,
          state,
          timestamp: Date.now(),
          ...(state === 'qr' ? { qr: qr ?? fakeQrPng(randomUUID()) } : {}),
        },
      ],
    });
  }

  /**
   * What tests inside workerd use (they cannot call this object):
   *   GET  /__fake/state                                → {apiKey, channels, webhooksUri, subscriptions}
   *   GET  /__fake/sent | /__fake/calls                 → {sent} | {calls}
   *   POST /__fake/customer-writes {chatId, text, name?} → {messageId, body}
   *   POST /__fake/manager-writes  {chatId, text, fromApp?} → {}
   *   POST /__fake/channel-state   {state, qr?}          → {}    (qr | active)
   *   POST /__fake/logged-out                           → {}
   *   GET  /__fake/outbox                               → {parcels: [{id, uri, body}]}
   *   POST /__fake/outbox/:id      {status}             → {}    (the status the relayed delivery got)
   * Deliveries started here are not awaited: they wait in the outbox for the test to relay them.
   */
  private introspect(method: string, path: string, raw: string, response: ServerResponse) {
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return sendJson(response, 400, { error: 'not JSON' });
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const route = `${method} ${path}`;
    const relayed = /^POST \/__fake\/outbox\/(\d+)$/.exec(route);
    if (relayed) {
      const parcel = this.outbox.find((one) => one.id === Number(relayed[1]));
      if (!parcel) return sendJson(response, 404, { error: 'no such parcel' });
      parcel.answer(typeof body.status === 'number' ? body.status : null);
      return sendJson(response, 200, {});
    }
    switch (route) {
      case 'GET /__fake/state':
        return sendJson(response, 200, {
          apiKey: this.apiKey,
          channels: this.channels,
          webhooksUri: this.webhooksUri,
          subscriptions: this.subscriptions,
        });
      case 'GET /__fake/sent':
        return sendJson(response, 200, { sent: this.sent });
      case 'GET /__fake/calls':
        return sendJson(response, 200, { calls: this.calls });
      case 'GET /__fake/outbox':
        return sendJson(response, 200, {
          parcels: this.outbox.map(({ id, uri, body: parcel }) => ({ id, uri, body: parcel })),
        });
      case 'POST /__fake/customer-writes': {
        const written = this.customerWrites(text(body.chatId), text(body.text), {
          ...(body.name ? { name: text(body.name) } : {}),
        });
        written.delivered.catch(() => undefined);
        return sendJson(response, 200, { messageId: written.messageId, body: written.body });
      }
      case 'POST /__fake/manager-writes':
        this.managerWrites(text(body.chatId), text(body.text), { fromApp: body.fromApp === true }).catch(
          () => undefined,
        );
        return sendJson(response, 200, {});
      case 'POST /__fake/channel-state':
        this.channelState(body.state === 'active' ? 'active' : 'qr', text(body.qr) || undefined).catch(
          () => undefined,
        );
        return sendJson(response, 200, {});
      case 'POST /__fake/logged-out':
        this.loggedOut();
        return sendJson(response, 200, {});
      default:
        return sendJson(response, 404, { error: `no ${route}` });
    }
  }
}

export const startFakeWazzup = (options?: Options) => new FakeWazzup(options).start();
