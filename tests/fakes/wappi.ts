import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake Wappi (reference/messengers.md §2, checklist §2.6): the raw token in `Authorization` (401
 * otherwise), `profile_id` required in the query (400), unknown profiles 404, an unpaid profile 402
 * on sending. `sync/qr/get` gives a fresh data URL on every call until a test `scan()`s the profile,
 * then "You are already authorized"; `sync/get/status` says `authorized`; `sync/message/send` answers
 * `done` with a message id and then POSTs the `outgoing_message_api` webhook (`is_me: true`).
 */

export interface FakeWappiProfile {
  profileId: string;
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

export class FakeWappi {
  readonly token: string;
  readonly profiles = new Map<string, FakeWappiProfile>();
  readonly sent: FakeWappiSent[] = [];
  readonly deliveries: { body: Json; status: number | null }[] = [];
  readonly calls: { method: string; path: string; status: number }[] = [];
  private server: FakeServer | null = null;

  constructor(options: { token?: string } = {}) {
    this.token = options.token ?? 'wappi-test-token-0123456789';
  }

  get apiRoot(): string {
    if (!this.server) throw new Error('the fake Wappi is not started');
    return `${this.server.url}/api`;
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
      const png = Buffer.from(`qr-${profile.profileId}-${profile.qrCalls}`).toString('base64');
      return reply(200, { status: 'done', qrCode: `data:image/png;base64,${png}`, task_id: randomUUID() });
    }
    if (route === 'POST /api/webhook/url/set') {
      const target = url.searchParams.get('url');
      if (!target || !/^https?:\/\//.test(target))
        return reply(400, { status: 'error', detail: 'url is invalid' });
      profile.webhookUrl = target;
      return reply(200, { status: 'done' });
    }
    if (route === 'POST /api/webhook/types/set') {
      if (!Array.isArray(body)) return reply(400, { status: 'error', detail: 'a list of types is expected' });
      profile.webhookTypes = body.map(String);
      return reply(200, { status: 'done' });
    }
    if (route === 'POST /api/sync/message/send') {
      const message = (body ?? {}) as Json;
      if (!profile.paid) return reply(402, { status: 'error', detail: 'Payment required' });
      if (!profile.authorized) return reply(400, { status: 'error', detail: 'Profile is not authorized' });
      if (typeof message.body !== 'string' || message.body.trim() === '') {
        return reply(400, { status: 'error', detail: 'body is required' });
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

  private async deliver(profile: FakeWappiProfile, message: Json): Promise<number | null> {
    if (!profile.webhookUrl) throw new Error('no webhook URL set');
    if (!profile.webhookTypes.includes(String(message.wh_type))) return null;
    const body = { messages: [message] };
    let status: number | null = null;
    try {
      const response = await fetch(profile.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'WappiWH' },
        body: JSON.stringify(body),
      });
      await response.body?.cancel();
      status = response.status;
    } catch {
      status = null;
    }
    this.deliveries.push({ body, status });
    return status;
  }

  private emit(
    profile: FakeWappiProfile,
    whType: string,
    chat: string,
    text: string,
    isMe: boolean,
    id: string = randomUUID(),
  ) {
    const customer = `${chat}@c.us`;
    const own = `${profile.phone}@c.us`;
    return this.deliver(profile, {
      wh_type: whType,
      profile_id: profile.profileId,
      id,
      body: text,
      type: 'chat',
      from: isMe ? own : customer,
      to: isMe ? customer : own,
      chatId: customer,
      senderName: isMe ? '' : 'Иван',
      timestamp: Math.floor(Date.now() / 1000),
      chat_type: 'dialog',
      is_me: isMe,
    });
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

  customerWrites(profile: FakeWappiProfile, chat: string, text: string) {
    return this.emit(profile, 'incoming_message', chat, text, false);
  }

  ownerWritesFromPhone(profile: FakeWappiProfile, chat: string, text: string) {
    return this.emit(profile, 'outgoing_message_phone', chat, text, true);
  }

  /** Sends the n-th delivery again (duplicates happen). */
  async redeliver(profile: FakeWappiProfile, index: number): Promise<number | null> {
    const delivery = this.deliveries[index];
    if (!delivery || !profile.webhookUrl) throw new Error(`no delivery ${index}`);
    const response = await fetch(profile.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'WappiWH' },
      body: JSON.stringify(delivery.body),
    });
    await response.body?.cancel();
    return response.status;
  }
}

export const startFakeWappi = (options?: { token?: string }) => new FakeWappi(options).start();
