import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accountRoutes } from './amocrm-api';
import type { AmoLead } from './amocrm-data';
import { type AmoTokenPair, createAmoOAuth } from './amocrm-oauth';
import { recordRoutes } from './amocrm-records';
import { type AmoChat, createAmoState } from './amocrm-state';
import {
  type AmoChatMessage,
  createAmoDeliveries,
  DEFAULT_RETRY_DELAYS_MS,
  disconnectHookUrl,
  messageAddForm,
  sendDisconnectHook,
} from './amocrm-webhooks';
import { problem, type Reply, send, UNAUTHORIZED } from './amocrm-wire';
import { bearer, serveFake } from './serve';

/**
 * A fake amoCRM / Kommo account (reference/crm.md §1, checklist §1.16): one server standing for both
 * www.amocrm.ru (the consent page) and the account's host. Wire rules it enforces:
 * - OAuth (amocrm-oauth.ts): codes single use and 20 min; `redirect_uri` exact; refresh tokens
 *   single use and global (a reuse is 401 "Token has been revoked"); amo's OAuthProblemJson bodies.
 * - `/api/*` needs a live bearer token (else 401 problem+json "Неверный логин или пароль"). Answers are
 *   `application/hal+json`; 204 with no body for an empty list or search, and for a lead, contact or
 *   company id that does not exist (as the docs say); errors problem+json; 400 `validation-errors`
 *   (hyphen) for refused items (amocrm-records.ts, amocrm-api.ts): a status outside the pipeline,
 *   unknown custom fields or enum values, values of the wrong type, tasks without text or
 *   complete_till or with an unknown type, user or entity, unknown webhook settings.
 * - More than `rateLimit` requests within a second: 429; three 429s within 10 s block the account for
 *   `blockMs` (403 "Аккаунт заблокирован…"). `GET /users` is 403 with `usersForbidden`.
 * - Webhooks (amocrm-webhooks.ts): `message[add]` form-urlencoded with PHP-style keys to every
 *   destination subscribed with `add_message`; 2 s timeout; retries on the compressible schedule.
 * - `POST /api/v2/salesbot/run` runs known bots (≤100 per call); the bot's single step sends the
 *   lead's `ONCHAT_REPLY` field, which comes back as an outgoing `message[add]` with author bot.
 * Tests play the other side: a customer or a manager writes, tokens expire or are revoked, the clock
 * moves, the owner switches the integration off (the signed disconnect GET).
 */

export interface FakeAmoOptions {
  clientId?: string;
  clientSecret?: string;
  /** The integration's registered Redirect URI; must match exactly in the code exchange. */
  redirectUri?: string;
  /** The account's referer is `{subdomain}.amocrm.ru` (`.kommo.com` on Kommo). */
  subdomain?: string;
  host?: 'amocrm' | 'kommo';
  accountId?: number;
  accountName?: string;
  /** Requests per second per account before 429 (amo: 7). */
  rateLimit?: number;
  /** `GET /api/v4/users` answers 403 (a token without admin rights, an external integration). */
  usersForbidden?: boolean;
  accessTokenTtlSeconds?: number;
  /** Salesbot ids the account has (default [4242]). */
  salesbots?: number[];
  /** How long repeated 429s block the account (default 2000 ms). */
  blockMs?: number;
  /** Webhook retry delays (amo: 5, 15, 15, 60 min); tests compress them. */
  retryDelaysMs?: number[];
}

export interface AmoRequest {
  method: string;
  path: string;
  query: string;
  /** The fake's clock when it arrived. */
  at: number;
  /** The status answered (set once the answer is sent). */
  status: number | null;
}

/**
 * A message posted as `message[add]`: its id, and each subscribed destination's first-attempt status
 * (empty when nothing subscribes to `add_message`; retries go on in the background, see `settled`).
 */
export interface AmoMessageSent {
  id: string;
  statuses: (number | null)[];
}

export { REPLY_FIELD_CODE } from './amocrm-api';
export type {
  AmoCompany,
  AmoContact,
  AmoField,
  AmoFieldValue,
  AmoLead,
  AmoNote,
  AmoPipeline,
  AmoTask,
  AmoUser,
} from './amocrm-data';
export type { AmoTokenPair, AmoTokenState } from './amocrm-oauth';
export type { AmoChat, AmoSalesbotRun, AmoWebhook } from './amocrm-state';
export { type AmoDelivery, phpForm, sendDisconnectHook } from './amocrm-webhooks';

export type FakeAmo = Awaited<ReturnType<typeof startFakeAmo>>;

export async function startFakeAmo(options: FakeAmoOptions = {}) {
  const host = options.host ?? 'amocrm';
  const state = createAmoState({
    host,
    subdomain: options.subdomain ?? 'demo',
    accountId: options.accountId ?? 31257294,
    accountName: options.accountName ?? 'Демо-салон',
  });
  const { accountId, now } = state;
  const clientId = options.clientId ?? 'amo-client-id';
  const clientSecret = options.clientSecret ?? 'amo-client-secret';
  const integration = { clientId, clientSecret, accountId };
  const blockMs = options.blockMs ?? 2000;
  let redirectUri = options.redirectUri ?? 'https://onchat.test/amo/install';
  let rateLimit = options.rateLimit ?? 7;
  let usersForbidden = options.usersForbidden ?? false;
  const requests: AmoRequest[] = [];
  /** Bot echoes not yet posted (they follow the run's answer). */
  const pending = new Set<Promise<unknown>>();

  const oauth = createAmoOAuth({
    clientId,
    clientSecret,
    redirectUri: () => redirectUri,
    referer: state.referer,
    platform: host === 'kommo' ? 2 : 1,
    accountId,
    accountName: state.accountName,
    apiDomain: host === 'kommo' ? 'api-c.kommo.com' : 'api-b.amocrm.ru',
    accessTtlSeconds: options.accessTokenTtlSeconds ?? 86400,
    now,
  });
  const hooks = createAmoDeliveries({ retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, now });

  // ---- chat messages, posted to the product as `message[add]` ----

  function chatOf(
    lead: AmoLead,
    wanted: { chatId?: string; authorName?: string; origin?: string } = {},
  ): AmoChat {
    let chat = state.chats.get(lead.id);
    if (!chat || (wanted.chatId && chat.chatId !== wanted.chatId)) {
      let contactId = lead._embedded.contacts[0]?.id;
      if (contactId === undefined) {
        contactId = state.addContact({ name: wanted.authorName ?? 'Клиент' }).id;
        lead._embedded.contacts.push({ id: contactId, is_main: true });
      }
      chat = {
        chatId: wanted.chatId ?? randomUUID(),
        talkId: state.ids.talk++,
        contactId,
        customerId: randomUUID(),
        origin: wanted.origin ?? 'telegram',
      };
      state.chats.set(lead.id, chat);
    }
    return chat;
  }

  async function emit(
    lead: AmoLead,
    text: string,
    type: AmoChatMessage['type'],
    author: AmoChatMessage['author'],
    extra: { chatId?: string; origin?: string; messageId?: string } = {},
  ): Promise<AmoMessageSent> {
    const chat = chatOf(lead, { chatId: extra.chatId, authorName: author.name, origin: extra.origin });
    const message: AmoChatMessage = {
      id: extra.messageId ?? randomUUID(),
      chatId: chat.chatId,
      talkId: chat.talkId,
      contactId: chat.contactId,
      leadId: lead.id,
      text,
      createdAt: state.seconds(),
      type,
      author,
      origin: extra.origin ?? chat.origin,
    };
    const body = messageAddForm({ subdomain: state.subdomain, id: accountId, self: state.base }, message);
    const targets = state.webhooks.filter(
      (hook) =>
        !hook.disabled && !hooks.disabled.has(hook.destination) && hook.settings.includes('add_message'),
    );
    const statuses = await Promise.all(targets.map((hook) => hooks.deliver(hook.destination, body)));
    return { id: message.id, statuses };
  }

  /** The Salesbot's message reaches the chat just after the run is answered. */
  function botReplied(lead: AmoLead, text: string): void {
    const job = new Promise((done) => setTimeout(done, 5)).then(() =>
      emit(lead, text, 'outgoing', { id: state.botAuthorId, type: 'bot', name: 'Salesbot' }),
    );
    pending.add(job);
    void job.finally(() => pending.delete(job)).catch(() => undefined);
  }

  const leadOf = (leadId: number) => {
    const lead = state.leads.get(leadId);
    if (!lead) throw new Error(`no lead ${leadId}`);
    return lead;
  };

  // ---- the API ----

  const limiter = { recent: [] as number[], strikes: [] as number[], blockedUntil: 0 };
  /** Null when the request may go on; else the 429, or the 403 of a blocked account. */
  function admit(): Reply | null {
    const at = now();
    if (at < limiter.blockedUntil) {
      return problem(403, 'Аккаунт заблокирован, за неоднократное превышение количества запросов в секунду');
    }
    limiter.recent = limiter.recent.filter((one) => at - one < 1000);
    if (limiter.recent.length < rateLimit) {
      limiter.recent.push(at);
      return null;
    }
    limiter.strikes = [...limiter.strikes.filter((one) => at - one < 10_000), at];
    if (limiter.strikes.length >= 3) {
      limiter.blockedUntil = at + blockMs;
      limiter.strikes = [];
    }
    // UNVERIFIED: the 429 body (and any Retry-After).
    return problem(429, 'Превышено допустимое количество запросов в секунду');
  }

  const routes = [
    ...accountRoutes(state, {
      usersForbidden: () => usersForbidden,
      salesbots: new Set(options.salesbots ?? [4242]),
      disabledHooks: hooks.disabled,
      botReplied,
    }),
    ...recordRoutes(state),
  ];

  function api(request: IncomingMessage, url: URL, raw: string): Reply {
    if (!oauth.valid(bearer(request))) return UNAUTHORIZED;
    const refused = admit();
    if (refused) return refused;
    const matching = routes.filter(([, pattern]) => pattern.test(url.pathname));
    const route = matching.find(([method]) => method === request.method);
    if (!route) {
      return matching.length > 0
        ? problem(405, `${request.method} is not allowed here`)
        : problem(404, `No route ${url.pathname}`);
    }
    let body: unknown = null;
    if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        return problem(400, 'Request body is not valid JSON');
      }
    }
    const match = route[1].exec(url.pathname) ?? [];
    return route[2]([...match], { params: url.searchParams, body });
  }

  const server = await serveFake((request, raw, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const entry: AmoRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      at: now(),
      status: null,
    };
    requests.push(entry);
    response.on('finish', () => {
      entry.status = response.statusCode;
    });
    if (request.method === 'GET' && /^\/oauth\/?$/.test(url.pathname)) {
      oauth.consent(url.searchParams, response);
    } else if (request.method === 'POST' && url.pathname === '/oauth2/access_token') {
      oauth.exchange(request, raw, response);
    } else if (url.pathname.startsWith('/api/')) {
      send(response, api(request, url, raw));
    } else send(response, problem(404, `No route ${url.pathname}`));
  });

  return {
    /** The server root: the consent page (`/oauth`), the token endpoint and the API. */
    url: server.url,
    /** The account's address as the consent redirect names it, e.g. `demo.amocrm.ru`. */
    referer: state.referer,
    subdomain: state.subdomain,
    accountId,
    clientId,
    clientSecret,
    /** The account's chat-service id (`GET /api/v4/account?with=amojo_id`). */
    amojoId: state.amojoId,
    get redirectUri() {
      return redirectUri;
    },
    set redirectUri(uri: string) {
      redirectUri = uri;
    },
    get usersForbidden() {
      return usersForbidden;
    },
    set usersForbidden(on: boolean) {
      usersForbidden = on;
    },
    pipelines: state.pipelines,
    customFields: state.customFields,
    leads: state.leads,
    contacts: state.contacts,
    companies: state.companies,
    tasks: state.tasks,
    notes: state.notes,
    users: state.users,
    taskTypes: state.taskTypes,
    webhooks: state.webhooks,
    salesbotRuns: state.salesbotRuns,
    leadHistory: state.leadHistory,
    chats: state.chats,
    deliveries: hooks.deliveries,
    requests,
    tokens: oauth.tokens,
    addLead: state.addLead,
    addContact: state.addContact,
    addCompany: state.addCompany,
    /** An authorisation code as the consent page gives it (20 min, single use). */
    issueCode: oauth.issueCode,
    /** A token pair without the consent dance. */
    issueTokens: (): AmoTokenPair => oauth.issueTokens(),
    /** Every access token issued so far answers 401; refresh tokens still work. */
    expireAccessTokens: oauth.expireAccessTokens,
    /** The integration is deactivated: every token issued so far answers 401. */
    revokeAll: oauth.revokeAll,
    /** The fake's clock (ms): Date.now() moved by `advance`. */
    now,
    advance(ms: number): void {
      state.clock.offset += ms;
    },
    setRateLimit(limit: number): void {
      rateLimit = limit;
    },
    /** The customer writes in the lead's chat: `message[add]`, type incoming, author external. */
    sendCustomerMessage(input: {
      leadId: number;
      text: string;
      chatId?: string;
      authorName?: string;
      origin?: string;
      messageId?: string;
    }): Promise<AmoMessageSent> {
      const lead = leadOf(input.leadId);
      const chat = chatOf(lead, input);
      const name = input.authorName ?? state.contacts.get(chat.contactId)?.name ?? 'Клиент';
      return emit(lead, input.text, 'incoming', { id: chat.customerId, type: 'external', name }, input);
    },
    /** A manager writes from amoCRM: `message[add]`, type outgoing, author user (author id: their amojo_id). */
    sendManagerMessage(input: { leadId: number; text: string; userId?: number }): Promise<AmoMessageSent> {
      const user = state.users.find((one) => one.id === (input.userId ?? 11001));
      if (!user) throw new Error(`no user ${input.userId}`);
      const author = { id: user.amojo_id, type: 'user' as const, name: user.name };
      return emit(leadOf(input.leadId), input.text, 'outgoing', author);
    },
    /** Posts delivery `id` again now (same body); answers the status. */
    redeliver: hooks.redeliver,
    /** Resolves when no delivery, retry or bot echo is under way. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await hooks.settled();
    },
    /** The GET amoCRM sends to the disconnect-hook URL (`client_uuid`, `account_id`, `signature`). */
    disconnectHookUrl: (productUrl: string) => disconnectHookUrl(productUrl, integration),
    /** The owner switches the integration off: every token dies, then the disconnect hook is sent. */
    disconnect(productUrl: string): Promise<number | null> {
      oauth.revokeAll();
      return sendDisconnectHook(disconnectHookUrl(productUrl, integration));
    },
    async close(): Promise<void> {
      hooks.close();
      await server.close();
    },
  };
}
