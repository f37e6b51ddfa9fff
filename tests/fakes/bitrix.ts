import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BitrixWorld, createBitrixWorld } from './bitrix-data';
import { restMethods } from './bitrix-rest';
import { sendJson, serveFake } from './serve';

/**
 * A fake Bitrix24 portal and its OAuth server (reference/crm.md §2, checklist §2.7), one local
 * server standing for both https://{portal}/rest/ and oauth.bitrix.info. Wire rules it enforces:
 * - OAuth `GET /oauth/token/?grant_type=refresh_token&client_id&client_secret&refresh_token`: a
 *   wrong client is 401 invalid_client; a refresh token is spent once and rotates (a reuse is 400
 *   invalid_grant). Access tokens live an hour on the fake's clock.
 * - REST `POST /rest/{method}` (or `.json`) with the token in `auth` (JSON body, form or query): none
 *   or an unknown one 401 NO_AUTH_FOUND, an ended one 401 expired_token; an unknown method 404
 *   ERROR_METHOD_NOT_FOUND; answers `{result, time}` (lists add `total`, `next`); refusals
 *   `{error, error_description}`. A leaky bucket per portal (50, draining 2 a second) refuses with
 *   503 QUERY_LIMIT_EXCEEDED.
 * - Methods and what they refuse: bitrix-rest.ts. Bot events (ONIMBOTMESSAGEADD) are POSTed
 *   form-encoded with PHP-style keys to the handler the bot registered, carrying the application
 *   token; a chat handed to an operator sends the bot nothing more.
 */

export interface FakeBitrixOptions {
  domain?: string;
  clientId?: string;
  clientSecret?: string;
  bucket?: { limit: number; drainPerSecond: number };
  usersForbidden?: boolean;
  /** The REST root the grant names instead of this fake's own (a portal elsewhere, or a hostile one). */
  restEndpoint?: string;
}

export type FakeBitrix = Awaited<ReturnType<typeof startFakeBitrix>>;
export type { BitrixBot, BitrixDealRow } from './bitrix-data';

const token = () => randomBytes(16).toString('hex');

/** A value as PHP-style form fields: `data[PARAMS][MESSAGE]=…`. */
export function phpForm(value: Record<string, unknown>, prefix = ''): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, item: unknown) => {
    if (item === undefined || item === null) return;
    if (typeof item === 'object') {
      for (const [inner, value] of Object.entries(item as Record<string, unknown>))
        add(`${key}[${inner}]`, value);
    } else form.append(key, String(item));
  };
  for (const [key, item] of Object.entries(value)) add(prefix ? `${prefix}[${key}]` : key, item);
  return form;
}

export async function startFakeBitrix(options: FakeBitrixOptions = {}) {
  const domain = options.domain ?? 'salon.bitrix24.ru';
  const clientId = options.clientId ?? 'local.6555a1b2c3d4e5.12345678';
  const clientSecret = options.clientSecret ?? 'bitrix-client-secret';
  const memberId = 'a223c6b3710f85df22e9377d6c4f7553';
  const applicationToken = token();
  let offset = 0;
  const now = () => Date.now() + offset;
  const access = new Map<string, number>();
  const refresh = new Set<string>();
  let bucket = options.bucket ?? { limit: 50, drainPerSecond: 2 };
  let level = 0;
  let drainedAt = now();
  const requests: { method: string; status: number }[] = [];
  const world: BitrixWorld = createBitrixWorld(now);
  world.usersForbidden = options.usersForbidden ?? false;
  let url = '';

  function issueTokens() {
    const pair = { access_token: token(), refresh_token: token() };
    access.set(pair.access_token, now() + 3600_000);
    refresh.add(pair.refresh_token);
    return pair;
  }

  function oauth(query: URLSearchParams, response: ServerResponse) {
    if (query.get('client_id') !== clientId || query.get('client_secret') !== clientSecret) {
      return sendJson(response, 401, { error: 'invalid_client', error_description: 'Invalid client' });
    }
    const given = query.get('refresh_token') ?? '';
    if (query.get('grant_type') !== 'refresh_token' || !refresh.delete(given)) {
      return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid grant' });
    }
    const pair = issueTokens();
    sendJson(response, 200, {
      ...pair,
      expires_in: 3600,
      expires: Math.floor(now() / 1000) + 3600,
      domain: 'oauth.bitrix.info',
      member_id: memberId,
      client_endpoint: options.restEndpoint ?? `${url}/rest/`,
      server_endpoint: `${url}/rest/`,
      scope: 'crm,imbot,imopenlines,task,user',
      status: 'L',
      user_id: 1,
    });
  }

  /** The leaky bucket: true when the call fits. */
  function fits(): boolean {
    const at = now();
    level = Math.max(0, level - ((at - drainedAt) / 1000) * bucket.drainPerSecond);
    drainedAt = at;
    if (level + 1 > bucket.limit) return false;
    level += 1;
    return true;
  }

  function paramsOf(request: IncomingMessage, raw: string, query: URLSearchParams): Record<string, unknown> {
    const type = request.headers['content-type'] ?? '';
    if (type.includes('application/json')) return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    return Object.fromEntries(new URLSearchParams(raw || query.toString()));
  }

  function rest(
    method: string,
    request: IncomingMessage,
    raw: string,
    query: URLSearchParams,
    response: ServerResponse,
  ) {
    const answer = (status: number, body: Record<string, unknown>) => {
      requests.push({ method, status });
      sendJson(response, status, body);
    };
    let params: Record<string, unknown>;
    try {
      params = paramsOf(request, raw, query);
    } catch {
      return answer(400, { error: 'INVALID_REQUEST', error_description: 'Invalid JSON' });
    }
    const auth = (params.auth as string | undefined) ?? query.get('auth') ?? '';
    const until = access.get(auth);
    if (until === undefined)
      return answer(401, { error: 'NO_AUTH_FOUND', error_description: 'Wrong authorization data' });
    if (until <= now()) {
      return answer(401, {
        error: 'expired_token',
        error_description: 'The access token provided has expired.',
      });
    }
    if (!fits())
      return answer(503, { error: 'QUERY_LIMIT_EXCEEDED', error_description: 'Too many requests' });
    const run = restMethods[method];
    if (!run) return answer(404, { error: 'ERROR_METHOD_NOT_FOUND', error_description: 'Method not found!' });
    const outcome = run(world, params);
    const time = { start: now() / 1000, finish: now() / 1000, duration: 0.01, processing: 0.005 };
    if ('error' in outcome) {
      return answer(outcome.status ?? 400, { error: outcome.error, error_description: outcome.description });
    }
    answer(200, {
      result: outcome.result,
      ...(outcome.total !== undefined ? { total: outcome.total } : {}),
      time,
    });
  }

  function handle(request: IncomingMessage, raw: string, response: ServerResponse) {
    const parsed = new URL(request.url ?? '/', 'http://fake');
    if (parsed.pathname === '/oauth/token/' && request.method === 'GET')
      return oauth(parsed.searchParams, response);
    const match = /^\/rest\/([a-z0-9_.]+?)(\.json)?$/i.exec(parsed.pathname);
    if (match && request.method === 'POST')
      return rest(match[1] ?? '', request, raw, parsed.searchParams, response);
    sendJson(response, 404, { error: 'NOT_FOUND', error_description: 'Not found' });
  }

  const server = await serveFake(handle);
  url = server.url;

  /** Posts an event to a handler, form-encoded; answers the handler's status. */
  async function post(handler: string, event: Record<string, unknown>) {
    const response = await fetch(handler, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: phpForm(event).toString(),
    });
    await response.text();
    return response.status;
  }

  const authOf = () => ({
    domain,
    member_id: memberId,
    application_token: applicationToken,
    client_endpoint: options.restEndpoint ?? `${url}/rest/`,
  });

  /** A message in an Open Lines chat, to every bot still in it. */
  async function message(
    chatId: number,
    text: string,
    from: { connector: boolean; userId: number; name: string },
  ) {
    const chat = world.chats.get(chatId);
    if (!chat) throw new Error(`no chat ${chatId}`);
    const messageId = world.nextId();
    const event = (botId: number) => ({
      event: 'ONIMBOTMESSAGEADD',
      event_handler_id: '7',
      ts: String(Math.floor(now() / 1000)),
      data: {
        BOT: { [botId]: { BOT_ID: botId, BOT_CODE: world.bots.get(botId)?.CODE ?? '' } },
        PARAMS: {
          MESSAGE: text,
          MESSAGE_ID: messageId,
          DIALOG_ID: `chat${chatId}`,
          CHAT_ID: chatId,
          TO_CHAT_ID: chatId,
          FROM_USER_ID: from.userId,
          CHAT_TYPE: 'L',
          CHAT_ENTITY_TYPE: 'LINES',
          CHAT_ENTITY_ID: `telegrambot|1|${chat.externalUser}|7`,
          CHAT_ENTITY_DATA_1: chat.dealId ? `Y|DEAL|${chat.dealId}|N|N|0|0|0|` : 'N|NONE|0|N|N|0|0|0|',
        },
        USER: { ID: from.userId, NAME: from.name, IS_BOT: 'N', IS_CONNECTOR: from.connector ? 'Y' : 'N' },
      },
      auth: authOf(),
    });
    const statuses: number[] = [];
    for (const bot of world.bots.values()) {
      if (chat.operatorOnly || !bot.EVENT_MESSAGE_ADD) continue;
      statuses.push(await post(bot.EVENT_MESSAGE_ADD, event(bot.ID)));
    }
    world.sent.set(messageId, () =>
      Promise.all([...world.bots.values()].map((bot) => post(bot.EVENT_MESSAGE_ADD, event(bot.ID)))),
    );
    return { messageId, statuses };
  }

  return {
    ...server,
    domain,
    memberId,
    clientId,
    clientSecret,
    applicationToken,
    requests,
    ...world.collections,
    issueTokens,
    /** What Bitrix24 POSTs to the application's address when an administrator installs or opens it. */
    installForm() {
      const pair = issueTokens();
      return {
        query: { DOMAIN: domain, PROTOCOL: '1', LANG: 'ru', APP_SID: token() },
        body: {
          AUTH_ID: pair.access_token,
          AUTH_EXPIRES: '3600',
          REFRESH_ID: pair.refresh_token,
          SERVER_ENDPOINT: 'https://oauth.bitrix.info/rest/',
          member_id: memberId,
          status: 'L',
          PLACEMENT: 'DEFAULT',
          APPLICATION_TOKEN: applicationToken,
        },
      };
    },
    addDeal: world.addDeal,
    addOpenLineChat: world.addOpenLineChat,
    sendCustomerMessage: (chatId: number, text: string) =>
      message(chatId, text, {
        connector: true,
        userId: 500 + chatId,
        name: world.chats.get(chatId)?.customerName ?? 'Клиент',
      }),
    sendOperatorMessage: (chatId: number, text: string, userId = 7) =>
      message(chatId, text, { connector: false, userId, name: 'Олег' }),
    /** The same event delivered again. */
    redeliver: async (messageId: number) => (await world.sent.get(messageId)?.()) ?? [],
    /** The application removed from the portal: ONAPPUNINSTALL to every bound handler. */
    async uninstall() {
      const statuses: number[] = [];
      for (const binding of world.events.filter((one) => one.event === 'ONAPPUNINSTALL')) {
        statuses.push(
          await post(binding.handler, { event: 'ONAPPUNINSTALL', data: { CLEAN: 0 }, auth: authOf() }),
        );
      }
      return statuses;
    },
    setBucket(next: { limit: number; drainPerSecond: number }) {
      bucket = next;
      level = 0;
    },
    forbidUsers(forbidden: boolean) {
      world.usersForbidden = forbidden;
    },
    advance(ms: number) {
      offset += ms;
    },
    expireAccessTokens() {
      for (const key of access.keys()) access.set(key, 0);
    },
  };
}
