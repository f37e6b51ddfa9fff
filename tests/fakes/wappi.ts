import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fakeQrPng } from './qr-png';
import { type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake Wappi (reference/messengers.md §2, checklist §2.6): the raw token in `Authorization` (401
 * otherwise), `profile_id` required in the query (400; `profile/all/get` lists the token's profiles
 * without one, as peers call it), unknown profiles 404, an unpaid profile 402 on sending, a 429 with
 * Retry-After when a test asks for one. `sync/qr/get` gives a fresh data URL on every call until a
 * test `scan()`s the profile, then "You are already authorized"; `sync/get/status` says `authorized`;
 * `sync/message/send` answers `done` with a message id and then POSTs the `outgoing_message_api`
 * webhook (`is_me: true`); `profile/delete` removes the profile. Webhooks go to the URL set, for the
 * types set; an empty URL clears it (UNVERIFIED for the real Wappi). A test may route deliveries
 * in-process (`deliverVia`), as Telegram's tests post updates to the app.
 */

export interface FakeWappiProfile {
  profileId: string;
  /** The profile's name in the cabinet. */
  name: string;
  authorized: boolean;
  paid: boolean;
  phone: string;
  webhookUrl: string | null;
  webhookTypes: string[];
  qrCalls: number;
}

export interface FakeWappiSent {
  profileId: string;
  recipient: string;
  body: string;
  messageId: string;
}

type Json = Record<string, unknown>;

/** One webhook POST: what was sent, and the answer's status (null when nobody answered). */
export interface FakeWappiDelivery {
  profile: FakeWappiProfile;
  body: Json;
  status: number | null;
}

/** How a delivery reaches the app: by default a real fetch to the URL set. */
export type FakeWappiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** WhatsApp APIs take at most this many characters of text (Wappi's own limit is UNVERIFIED). */
export const FAKE_WAPPI_TEXT_LIMIT = 4096;

export class FakeWappi {
  readonly token: string;
  readonly profiles = new Map<string, FakeWappiProfile>();
  readonly sent: FakeWappiSent[] = [];
  readonly deliveries: FakeWappiDelivery[] = [];
  readonly calls: { method: string; path: string; status: number }[] = [];
  private server: FakeServer | null = null;
  private fetcher: FakeWappiFetch = (url, init) => fetch(url, init);
  private readonly pending = new Set<Promise<unknown>>();
  private rateLimited: { count: number; retryAfter: number } = { count: 0, retryAfter: 0 };

  constructor(options: { token?: string } = {}) {
    this.token = options.token ?? 'wappi-test-token-0123456789';
  }

  /** The host, as WAPPI_API_ROOT names it (the module adds `/api`). */
  get url(): string {
    if (!this.server) throw new Error('the fake Wappi is not started');
    return this.server.url;
  }

  /** The API's root, as the client takes it. */
  get apiRoot(): string {
    return `${this.url}/api`;
  }

  /** Deliveries go through `fetcher` (a test app's in-process request) instead of the network. */
  deliverVia(fetcher: FakeWappiFetch): this {
    this.fetcher = fetcher;
    return this;
  }

  /** Resolves once every delivery started so far (the echoes of sends) has been answered. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** The next `count` sends are refused with 429 and `Retry-After: retryAfter` (seconds). */
  rateLimitSends(count: number, retryAfter = 1): void {
    this.rateLimited = { count, retryAfter };
  }

  /** What was sent to `recipient`, in order. */
  sentTo(recipient: string): string[] {
    return this.sent.filter((one) => one.recipient === recipient).map((one) => one.body);
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

  /** A new messenger instance, not yet scanned. */
  addProfile(overrides: Partial<FakeWappiProfile> = {}): FakeWappiProfile {
    const profile: FakeWappiProfile = {
      profileId: randomUUID().slice(0, 13),
      name: 'Салон',
      authorized: false,
      paid: true,
      phone: '79990003344',
      webhookUrl: null,
      webhookTypes: [],
      qrCalls: 0,
      ...overrides,
    };
    this.profiles.set(profile.profileId, profile);
    return profile;
  }

  private async handle(request: IncomingMessage, raw: string, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const reply = (status: number, body: Json) => {
      this.calls.push({ method, path: url.pathname, status });
      sendJson(response, status, body);
    };
    // The raw token, as Wappi takes it: "Bearer <token>" is refused too.
    if (request.headers.authorization !== this.token)
      return reply(401, { status: 'error', detail: 'Unauthorized' });
    if (method === 'GET' && url.pathname === '/api/profile/all/get') {
      const profiles = [...this.profiles.values()].map((one) => ({
        uuid: one.profileId,
        name: one.name,
        phone: one.authorized ? one.phone : '',
        platform: 'wz',
        authorized: one.authorized,
      }));
      return reply(200, { status: 'done', profiles });
    }
    const profileId = url.searchParams.get('profile_id');
    if (!profileId) return reply(400, { status: 'error', detail: 'profile_id is required' });
    const profile = this.profiles.get(profileId);
    if (!profile) return reply(404, { status: 'error', detail: 'Profile not found' });
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return reply(400, { status: 'error', detail: 'Body is not JSON' });
    }
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/sync/get/status') {
      return reply(200, {
        app_status: 'open',
        authorized: profile.authorized,
        phone: profile.authorized ? profile.phone : '',
      });
    }
    if (route === 'GET /api/sync/qr/get') {
      if (profile.authorized) return reply(200, { status: 'done', detail: 'You are already authorized' });
      profile.qrCalls += 1;
      const qrCode = fakeQrPng(`${profile.profileId}-${profile.qrCalls}`);
      return reply(200, { status: 'done', qrCode, task_id: randomUUID() });
    }
    if (route === 'POST /api/webhook/url/set') {
      const target = url.searchParams.get('url');
      if (target === null) return reply(400, { status: 'error', detail: 'url is required' });
      if (target !== '' && !/^https?:\/\//.test(target))
        return reply(400, { status: 'error', detail: 'url is invalid' });
      profile.webhookUrl = target === '' ? null : target;
      return reply(200, { status: 'done' });
    }
    if (route === 'POST /api/profile/delete') {
      this.profiles.delete(profileId);
      return reply(200, { status: 'done' });
    }
    if (route === 'POST /api/webhook/types/set') {
      if (!Array.isArray(body)) return reply(400, { status: 'error', detail: 'a list of types is expected' });
      profile.webhookTypes = body.map(String);
      return reply(200, { status: 'done' });
    }
    if (route === 'POST /api/sync/message/send') {
      const message = (body ?? {}) as Json;
      if (this.rateLimited.count > 0) {
        this.rateLimited.count -= 1;
        response.setHeader('retry-after', String(this.rateLimited.retryAfter));
        return reply(429, { status: 'error', detail: 'Too many requests' });
      }
      if (!profile.paid) return reply(402, { status: 'error', detail: 'Payment required' });
      if (!profile.authorized) return reply(400, { status: 'error', detail: 'Profile is not authorized' });
      if (typeof message.body !== 'string' || message.body.trim() === '') {
        return reply(400, { status: 'error', detail: 'body is required' });
      }
      if (message.body.length > FAKE_WAPPI_TEXT_LIMIT) {
        return reply(400, { status: 'error', detail: 'body is too long' });
      }
      if (typeof message.recipient !== 'string' || !/^\d{10,15}$/.test(message.recipient)) {
        return reply(400, { status: 'error', detail: 'recipient is invalid' });
      }
      const sent = {
        profileId,
        recipient: message.recipient,
        body: message.body,
        messageId: randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase(),
      };
      this.sent.push(sent);
      reply(200, {
        status: 'done',
        timestamp: Math.floor(Date.now() / 1000),
        message_id: sent.messageId,
        task_id: randomUUID(),
      });
      void this.emit(profile, 'outgoing_message_api', sent.recipient, sent.body, true, sent.messageId);
      return;
    }
    return reply(404, { status: 'error', detail: `${route} is not known` });
  }

  /** POSTs one event to the profile's webhook, when its type is subscribed; null when it is not. */
  deliver(profile: FakeWappiProfile, message: Json): Promise<FakeWappiDelivery | null> {
    if (!profile.webhookUrl || !profile.webhookTypes.includes(String(message.wh_type))) {
      return Promise.resolve(null);
    }
    return this.post(profile, { messages: [message] });
  }

  private post(profile: FakeWappiProfile, body: Json): Promise<FakeWappiDelivery> {
    const target = profile.webhookUrl;
    const run = (async () => {
      let status: number | null = null;
      if (target) {
        try {
          const response = await this.fetcher(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'user-agent': 'WappiWH' },
            body: JSON.stringify(body),
          });
          await response.body?.cancel();
          status = response.status;
        } catch {
          status = null;
        }
      }
      const delivery = { profile, body, status };
      this.deliveries.push(delivery);
      return delivery;
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  /** A message event as Wappi shapes it (reference §2.5); `extra` adds or overrides fields. */
  message(
    profile: FakeWappiProfile,
    whType: string,
    chat: string,
    text: string,
    isMe: boolean,
    extra: Json = {},
  ): Json {
    const customer = `${chat}@c.us`;
    const own = `${profile.phone}@c.us`;
    return {
      wh_type: whType,
      profile_id: profile.profileId,
      id: randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase(),
      body: text,
      type: 'chat',
      from: isMe ? own : customer,
      to: isMe ? customer : own,
      chatId: customer,
      senderName: isMe ? '' : 'Иван',
      contact_name: isMe ? '' : 'Иван',
      timestamp: Math.floor(Date.now() / 1000),
      time: new Date().toISOString(),
      chat_type: 'dialog',
      is_me: isMe,
      ...extra,
    };
  }

  private emit(
    profile: FakeWappiProfile,
    whType: string,
    chat: string,
    text: string,
    isMe: boolean,
    id: string = randomUUID(),
  ) {
    return this.deliver(profile, this.message(profile, whType, chat, text, isMe, { id }));
  }

  /** The phone scans the QR: the profile is authorised and says so by webhook. */
  scan(profile: FakeWappiProfile) {
    profile.authorized = true;
    return this.deliver(profile, {
      wh_type: 'authorization_status',
      profile_id: profile.profileId,
      status: 'online',
    });
  }

  /** The phone logs out (or the session ends): offline by webhook. */
  logOut(profile: FakeWappiProfile) {
    profile.authorized = false;
    return this.deliver(profile, {
      wh_type: 'authorization_status',
      profile_id: profile.profileId,
      status: 'offline',
    });
  }

  /** A customer writes; `extra` makes it media (`type`, `caption`, …), a group's, and so on. */
  customerWrites(profile: FakeWappiProfile, chat: string, text: string, extra: Json = {}) {
    return this.deliver(profile, this.message(profile, 'incoming_message', chat, text, false, extra));
  }

  ownerWritesFromPhone(profile: FakeWappiProfile, chat: string, text: string) {
    return this.emit(profile, 'outgoing_message_phone', chat, text, true);
  }

  /** Sends a delivery's body again (duplicates happen). */
  redeliver(delivery: FakeWappiDelivery): Promise<FakeWappiDelivery> {
    return this.post(delivery.profile, delivery.body);
  }
}

export const startFakeWappi = (options?: { token?: string }) => new FakeWappi(options).start();
