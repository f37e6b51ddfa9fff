import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearer, type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake Avito API (reference/messengers.md §5; the OpenAPI mirror of the Messenger API), for the
 * parts the product uses:
 * - POST /token, form-encoded `grant_type=client_credentials&client_id&client_secret` →
 *   `{access_token, token_type: "Bearer", expires_in: 86400}`; a wrong pair answers 400
 *   `{"error": "invalid_client", ...}` (OAuth's way; Avito's exact status is UNVERIFIED), a JSON
 *   body or another grant 400.
 * - Every other call wants `Authorization: Bearer <token>`: none, unknown or revoked → 401
 *   `{"error": {"code": 401, "message": "Unauthorized"}}`; another account's path → 403.
 * - GET /core/v1/accounts/self; POST /messenger/v3/webhook `{url}`; POST /messenger/v1/subscriptions;
 *   POST /messenger/v1/webhook/unsubscribe `{url}`; GET /messenger/v2/accounts/{user_id}/chats and
 *   .../chats/{chat_id}; POST /messenger/v1/accounts/{user_id}/chats/{chat_id}/messages with
 *   `{"message": {"text"}, "type": "text"}`: text required, at most 1000 characters (400
 *   validatingError), unknown chat 404, an account without the Messenger tariff 402, a 429 with
 *   Retry-After when a test asks. A send answers `{id, content, created, direction: "out", type}`
 *   and is echoed by webhook (`author_id == user_id`), after the answer or, when a test asks,
 *   before it (the race the product must survive).
 * - Webhooks: the v3 body `{id, version, timestamp, payload: {type: "message", value}}` to every
 *   subscribed URL of the account; a test may route them in-process (`deliverVia`).
 */

export interface FakeAvitoChat {
  id: string;
  customer: { id: number; name: string };
  item: { id: number; title: string; url: string; price: string } | null;
}

export interface FakeAvitoAccount {
  userId: number;
  clientId: string;
  clientSecret: string;
  name: string;
  /** Whether the account's tariff includes the Messenger API (sends answer 402 otherwise). */
  paid: boolean;
  subscriptions: string[];
  chats: Map<string, FakeAvitoChat>;
}

export interface FakeAvitoSent {
  userId: number;
  chatId: string;
  text: string;
  id: string;
}

type Json = Record<string, unknown>;

export interface FakeAvitoDelivery {
  account: FakeAvitoAccount;
  url: string;
  body: Json;
  status: number | null;
}

export type FakeAvitoFetch = (url: string, init: RequestInit) => Promise<Response>;

export const FAKE_AVITO_TEXT_LIMIT = 1000;
const TOKEN_SECONDS = 86_400;

const avitoError = (code: number, message: string) => ({ error: { code, message } });

export class FakeAvito {
  readonly accounts = new Map<number, FakeAvitoAccount>();
  readonly sent: FakeAvitoSent[] = [];
  readonly deliveries: FakeAvitoDelivery[] = [];
  readonly calls: { method: string; path: string; status: number }[] = [];
  /** Every API answer waits this long (a slow Avito). */
  latencyMs = 0;
  /** A send's echo is delivered before the send is answered. */
  echoBeforeAnswer = false;
  private readonly tokens = new Map<string, { userId: number; revoked: boolean }>();
  private server: FakeServer | null = null;
  private fetcher: FakeAvitoFetch = (url, init) => fetch(url, init);
  private readonly pending = new Set<Promise<unknown>>();
  private rateLimited = { count: 0, retryAfter: 0 };
  private nextUserId = 100_000_000 + Math.floor(Math.random() * 1000) * 1000;
  private nextItemId = 3_000_000_001;

  get url(): string {
    if (!this.server) throw new Error('the fake Avito is not started');
    return this.server.url;
  }

  deliverVia(fetcher: FakeAvitoFetch): this {
    this.fetcher = fetcher;
    return this;
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** The next `count` sends are refused with 429 and `Retry-After: retryAfter` (seconds). */
  rateLimitSends(count: number, retryAfter = 1): void {
    this.rateLimited = { count, retryAfter };
  }

  /** Every token issued so far stops working (Avito revoked them, or they ended early). */
  revokeTokens(account: FakeAvitoAccount): void {
    for (const token of this.tokens.values()) if (token.userId === account.userId) token.revoked = true;
  }

  /** How many tokens were issued to the account. */
  tokensIssued(account: FakeAvitoAccount): number {
    return [...this.tokens.values()].filter((token) => token.userId === account.userId).length;
  }

  sentTo(chatId: string): string[] {
    return this.sent.filter((one) => one.chatId === chatId).map((one) => one.text);
  }

  callsTo(path: string) {
    return this.calls.filter((one) => one.path === path || one.path.endsWith(path));
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

  addAccount(overrides: Partial<FakeAvitoAccount> = {}): FakeAvitoAccount {
    this.nextUserId += 1;
    const account: FakeAvitoAccount = {
      userId: this.nextUserId,
      clientId: randomBytes(15).toString('base64url'),
      clientSecret: randomBytes(30).toString('base64url'),
      name: 'Авто у Петровича',
      paid: true,
      subscriptions: [],
      chats: new Map(),
      ...overrides,
    };
    this.accounts.set(account.userId, account);
    return account;
  }

  /** A chat of the account with a buyer about a listing (made on first use of `chatId`). */
  chat(account: FakeAvitoAccount, chatId: string, customerName = 'Покупатель', itemTitle = 'Mazda 3 2008') {
    let chat = account.chats.get(chatId);
    if (!chat) {
      this.nextItemId += 1;
      chat = {
        id: chatId,
        customer: { id: account.userId + 500_000_000 + account.chats.size, name: customerName },
        item: {
          id: this.nextItemId,
          title: itemTitle,
          url: `https://avito.ru/moskva/avtomobili/${this.nextItemId}`,
          price: '300 000 ₽',
        },
      };
      account.chats.set(chatId, chat);
    }
    return chat;
  }

  private async handle(request: IncomingMessage, raw: string, response: ServerResponse): Promise<void> {
    if (this.latencyMs > 0) await new Promise((done) => setTimeout(done, this.latencyMs));
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const reply = (status: number, body: unknown) => {
      this.calls.push({ method, path: url.pathname, status });
      sendJson(response, status, body);
    };
    if (method === 'POST' && url.pathname === '/token') return this.token(request, raw, reply);

    const token = this.tokens.get(bearer(request) ?? '');
    const account = token && !token.revoked ? this.accounts.get(token.userId) : undefined;
    if (!account) return reply(401, avitoError(401, 'Unauthorized'));
    let body: Json = {};
    if (raw) {
      try {
        const parsed: unknown = JSON.parse(raw);
        body = typeof parsed === 'object' && parsed !== null ? (parsed as Json) : {};
      } catch {
        return reply(400, avitoError(400, 'Bad Request'));
      }
    }
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /core/v1/accounts/self') {
      return reply(200, {
        id: account.userId,
        name: account.name,
        email: 'owner@example.com',
        phone: '79990001122',
        profile_url: `https://avito.ru/user/${account.userId}/profile`,
      });
    }
    if (route === 'POST /messenger/v3/webhook') {
      if (typeof body.url !== 'string' || !/^https?:\/\/\S+$/.test(body.url)) {
        return reply(400, { error: { code: 400, message: 'Validation error', fields: { url: 'invalid' } } });
      }
      if (!account.subscriptions.includes(body.url)) account.subscriptions.push(body.url);
      return reply(200, { ok: true });
    }
    if (route === 'POST /messenger/v1/subscriptions') {
      return reply(200, { subscriptions: account.subscriptions.map((one) => ({ url: one, version: '3' })) });
    }
    if (route === 'POST /messenger/v1/webhook/unsubscribe') {
      if (typeof body.url !== 'string') return reply(400, avitoError(400, 'Validation error'));
      account.subscriptions = account.subscriptions.filter((one) => one !== body.url);
      return reply(200, { ok: true });
    }
    const chatPath = /^\/messenger\/v(1|2)\/accounts\/(\d+)\/chats(?:\/([^/]+))?(\/messages)?$/.exec(
      url.pathname,
    );
    if (!chatPath) return reply(404, avitoError(404, 'Not found'));
    const [, version, userId, chatId, messagesPart] = chatPath;
    if (Number(userId) !== account.userId) return reply(403, avitoError(403, 'Forbidden'));
    const chat = chatId ? account.chats.get(decodeURIComponent(chatId)) : undefined;
    if (method === 'GET' && version === '2' && !chatId && !messagesPart) {
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), 100);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const all = [...account.chats.values()].map((one) => this.chatView(account, one));
      return reply(200, { chats: all.slice(offset, offset + limit) });
    }
    if (method === 'GET' && version === '2' && chatId && !messagesPart) {
      return chat ? reply(200, this.chatView(account, chat)) : reply(404, avitoError(404, 'Not found'));
    }
    if (method === 'POST' && version === '1' && chatId && messagesPart) {
      return this.send(account, chat, body, response, reply);
    }
    return reply(404, avitoError(404, 'Not found'));
  }

  private token(request: IncomingMessage, raw: string, reply: (status: number, body: unknown) => void) {
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return reply(400, { error: 'invalid_request', error_description: 'form-encoded body expected' });
    }
    const form = new URLSearchParams(raw);
    if (form.get('grant_type') !== 'client_credentials' && form.get('grant_type') !== 'authorization_code') {
      return reply(400, { error: 'unsupported_grant_type' });
    }
    const account = [...this.accounts.values()].find(
      (one) => one.clientId === form.get('client_id') && one.clientSecret === form.get('client_secret'),
    );
    if (!account || form.get('grant_type') !== 'client_credentials') {
      return reply(400, { error: 'invalid_client', error_description: 'invalid client id or secret' });
    }
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, { userId: account.userId, revoked: false });
    return reply(200, { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_SECONDS });
  }

  private send(
    account: FakeAvitoAccount,
    chat: FakeAvitoChat | undefined,
    body: Json,
    response: ServerResponse,
    reply: (status: number, body: unknown) => void,
  ) {
    if (this.rateLimited.count > 0) {
      this.rateLimited.count -= 1;
      response.setHeader('retry-after', String(this.rateLimited.retryAfter));
      return reply(429, avitoError(429, 'Too Many Requests'));
    }
    if (!account.paid) return reply(402, avitoError(402, 'Payment required'));
    if (!chat) return reply(404, avitoError(404, 'Not found'));
    const message = typeof body.message === 'object' && body.message !== null ? (body.message as Json) : {};
    const text = message.text;
    if (body.type !== 'text' || typeof text !== 'string' || text.trim() === '') {
      return reply(400, { error: { code: 400, message: 'Validation error', fields: { text: 'required' } } });
    }
    if (text.length > FAKE_AVITO_TEXT_LIMIT) {
      return reply(400, { error: { code: 400, message: 'Validation error', fields: { text: 'too long' } } });
    }
    const sent = { userId: account.userId, chatId: chat.id, text, id: randomBytes(16).toString('hex') };
    this.sent.push(sent);
    const answer = () =>
      reply(200, {
        id: sent.id,
        content: { text },
        created: Math.floor(Date.now() / 1000),
        direction: 'out',
        type: 'text',
      });
    const echo = () => this.emit(account, chat, account.userId, 'text', { text }, sent.id);
    if (this.echoBeforeAnswer) {
      void echo().then(answer);
      return;
    }
    answer();
    void echo();
  }

  private chatView(account: FakeAvitoAccount, chat: FakeAvitoChat) {
    return {
      id: chat.id,
      created: 1_700_000_000,
      updated: 1_700_000_100,
      context: chat.item
        ? {
            type: 'item',
            value: {
              id: chat.item.id,
              title: chat.item.title,
              url: chat.item.url,
              price_string: chat.item.price,
              user_id: account.userId,
            },
          }
        : {},
      users: [
        { id: account.userId, name: account.name },
        {
          id: chat.customer.id,
          name: chat.customer.name,
          public_user_profile: {
            user_id: chat.customer.id,
            url: `https://avito.ru/user/${chat.customer.id}`,
          },
        },
      ],
    };
  }

  /** A webhook body as Avito shapes it (v3); `extra` overrides fields of `value`. */
  message(
    account: FakeAvitoAccount,
    chat: FakeAvitoChat,
    authorId: number,
    type: string,
    content: Json,
    id: string = randomBytes(16).toString('hex'),
    extra: Json = {},
  ): Json {
    const now = Math.floor(Date.now() / 1000);
    return {
      id: randomUUID(),
      version: 'v3.0.0',
      timestamp: now,
      payload: {
        type: 'message',
        value: {
          id,
          chat_id: chat.id,
          user_id: account.userId,
          author_id: authorId,
          created: now,
          type,
          chat_type: 'u2i',
          content,
          item_id: chat.item?.id ?? null,
          published_at: new Date(now * 1000).toISOString(),
          read: null,
          ...extra,
        },
      },
    };
  }

  private async emit(
    account: FakeAvitoAccount,
    chat: FakeAvitoChat,
    authorId: number,
    type: string,
    content: Json,
    id?: string,
    extra: Json = {},
  ): Promise<FakeAvitoDelivery[]> {
    return this.post(account, this.message(account, chat, authorId, type, content, id, extra));
  }

  /** POSTs a body to every subscribed URL of the account; one delivery per URL. */
  post(account: FakeAvitoAccount, body: Json): Promise<FakeAvitoDelivery[]> {
    const run = Promise.all(
      account.subscriptions.map(async (url) => {
        let status: number | null = null;
        try {
          const answer = await this.fetcher(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          await answer.body?.cancel();
          status = answer.status;
        } catch {
          status = null;
        }
        const delivery = { account, url, body, status };
        this.deliveries.push(delivery);
        return delivery;
      }),
    );
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  /** A buyer writes in chat `chatId` (made on first use); `type`/`content` make it other than text. */
  customerWrites(
    account: FakeAvitoAccount,
    chatId: string,
    text: string,
    options: { type?: string; content?: Json; customerName?: string; extra?: Json } = {},
  ) {
    const chat = this.chat(account, chatId, options.customerName);
    return this.emit(
      account,
      chat,
      chat.customer.id,
      options.type ?? 'text',
      options.content ?? { text },
      undefined,
      options.extra,
    );
  }

  /** A manager writes from Avito's own app or site: the account is the author. */
  managerWrites(account: FakeAvitoAccount, chatId: string, text: string) {
    const chat = this.chat(account, chatId);
    return this.emit(account, chat, account.userId, 'text', { text });
  }

  /** Avito itself posts in the chat (a notice, a shared listing, a call). */
  avitoPosts(account: FakeAvitoAccount, chatId: string, type: 'system' | 'item' | 'call', content: Json) {
    const chat = this.chat(account, chatId);
    return this.emit(account, chat, 0, type, content);
  }

  redeliver(delivery: FakeAvitoDelivery): Promise<FakeAvitoDelivery[]> {
    return this.post(delivery.account, delivery.body);
  }
}

export const startFakeAvito = () => new FakeAvito().start();
