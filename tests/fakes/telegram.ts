import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Telegram Bot API server speaking the real wire format (core.telegram.org/bots/api):
 * `GET|POST /bot<token>/<method>` with parameters in the query string, a JSON body, a urlencoded
 * form or multipart/form-data (uploads); every answer is `{ok: true, result}` or
 * `{ok: false, error_code, description, parameters?}` with the HTTP status equal to error_code:
 * 404 "Not Found" for a malformed token or an unknown method, 401 "Unauthorized" for an unknown
 * token, 400 "Bad Request: ..." for the checks the real API makes (chat not found, message text is
 * empty, message is too long, an HTTP or wrong-port webhook URL, a bad secret token), and 429
 * "Too Many Requests: retry after N" with `parameters.retry_after` when told to (`failNext`).
 *
 * Chats exist once their user wrote to the bot (`userWrites` builds that Update, as Telegram would
 * POST it to the webhook); sending to any other chat id is "chat not found", as in Telegram.
 * Every call is recorded in `calls`, in order, with its parsed parameters and its outcome.
 * Tests that run elsewhere (inside workerd) reach the same through `/__fake/...` (see `introspect`).
 */

export const MAX_MESSAGE_LENGTH = 4096;
export const MAX_CAPTION_LENGTH = 1024;
const WEBHOOK_PORTS = new Set(['443', '80', '88', '8443']);
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const TOKEN = /^\d+:[A-Za-z0-9_-]+$/;

export interface FakeTelegramBot {
  token: string;
  id: number;
  username: string;
  firstName: string;
}

export interface FakeUpload {
  filename: string;
  type: string;
  size: number;
}

export interface FakeTelegramCall {
  token: string;
  method: string;
  /** Parameters as Telegram reads them: JSON values, or strings from a form (JSON inside decoded). */
  params: Record<string, unknown>;
  /** Files uploaded with multipart/form-data, by field name. */
  files: Record<string, FakeUpload>;
  /** The HTTP status answered. */
  status: number;
  /** Date.now() when the call arrived. */
  at: number;
}

export interface FakeWebhook {
  url: string;
  secretToken: string | null;
  allowedUpdates: string[] | null;
}

type Json = Record<string, unknown>;
type Outcome = { status: number; body: Json };

const ok = (result: unknown): Outcome => ({ status: 200, body: { ok: true, result } });
const fail = (status: number, description: string, parameters?: Json): Outcome => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
});
const badRequest = (what: string) => fail(400, `Bad Request: ${what}`);

/** A form field that carries an object or array is JSON-serialised, as the Bot API expects. */
function formValue(value: string): unknown {
  if (/^[[{]/.test(value.trim())) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

interface MultipartPart {
  name: string;
  filename: string | null;
  type: string;
  data: Buffer;
}

/**
 * multipart/form-data read the way Telegram's server reads it: leniently (clients such as grammY
 * write `content-disposition:form-data;name="x";filename=a.png` without spaces or quotes).
 */
function multipartParts(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(marker);
  while (start !== -1) {
    const from = start + marker.length;
    if (body.subarray(from, from + 2).toString() === '--') break;
    const next = body.indexOf(marker, from);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, data, CRLF before the next marker.
    const chunk = body.subarray(from + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    const headers = chunk.subarray(0, split).toString('utf8');
    const disposition = /content-disposition\s*:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const field = (key: string) => {
      const found = new RegExp(`;\\s*${key}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(disposition);
      return found ? (found[1] ?? found[2] ?? '') : null;
    };
    parts.push({
      name: field('name') ?? '',
      filename: field('filename'),
      type: /content-type\s*:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? '',
      data: chunk.subarray(split + 4),
    });
    start = next;
  }
  return parts;
}

async function readParams(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
): Promise<{ params: Json; files: Record<string, FakeUpload> }> {
  const params: Json = {};
  const files: Record<string, FakeUpload> = {};
  for (const [key, value] of url.searchParams) params[key] = formValue(value);
  const type = request.headers['content-type'] ?? '';
  if (body.length === 0) return { params, files };
  if (type.startsWith('application/json')) {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      Object.assign(params, parsed);
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) params[key] = formValue(value);
  } else if (type.startsWith('multipart/form-data')) {
    for (const part of multipartParts(body, type)) {
      if (part.filename === null) params[part.name] = formValue(part.data.toString('utf8'));
      else files[part.name] = { filename: part.filename, type: part.type, size: part.data.length };
    }
  }
  return { params, files };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

export class FakeTelegram {
  readonly calls: FakeTelegramCall[] = [];
  private readonly bots = new Map<string, FakeTelegramBot>();
  private readonly webhooks = new Map<string, FakeWebhook>();
  /** Chat ids each bot's users opened, by token. */
  private readonly chats = new Map<string, Map<number, { firstName: string }>>();
  private readonly failures = new Map<string, { count: number; retryAfter: number }>();
  private nextBotId = 7_000_000_000;
  private nextUpdateId = 500_000_000;
  private nextMessageId = 1;
  private server: ReturnType<typeof createServer> | null = null;
  /** `http://127.0.0.1:{port}`: the API root to configure instead of https://api.telegram.org. */
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.handle(request, Buffer.concat(chunks))
          .then((outcome) => this.send(response, outcome))
          .catch((error: unknown) =>
            this.send(
              response,
              fail(500, `Internal Server Error: ${error instanceof Error ? error.message : error}`),
            ),
          );
      });
    });
    const server = this.server;
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  }

  /** A bot as @BotFather would create it; its token is what the user pastes. */
  addBot(username: string, firstName = username): FakeTelegramBot {
    const id = this.nextBotId++;
    const secret = `AAH${crypto.randomUUID().replaceAll('-', '')}`.slice(0, 35);
    const bot = { token: `${id}:${secret}`, id, username, firstName };
    this.bots.set(bot.token, bot);
    return bot;
  }

  webhookOf(token: string): FakeWebhook | null {
    return this.webhooks.get(token) ?? null;
  }

  /**
   * The Update Telegram would POST to the bot's webhook when user `chatId` writes `text` (or sends
   * a photo with `caption`); the chat becomes known to the bot, as in Telegram.
   */
  userWrites(
    token: string,
    chatId: number,
    message: { text?: string; caption?: string; photo?: boolean; firstName?: string; updateId?: number },
  ): Json {
    const firstName = message.firstName ?? 'Мария';
    const chats = this.chats.get(token) ?? new Map<number, { firstName: string }>();
    this.chats.set(token, chats);
    chats.set(chatId, { firstName });
    const from = { id: chatId, is_bot: false, first_name: firstName, language_code: 'ru' };
    return {
      update_id: message.updateId ?? this.nextUpdateId++,
      message: {
        message_id: this.nextMessageId++,
        from,
        chat: { id: chatId, first_name: firstName, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        ...(message.text === undefined ? {} : { text: message.text }),
        ...(message.photo
          ? {
              photo: [
                {
                  file_id: 'AgACAgIAAxk',
                  file_unique_id: 'AQADAgAT',
                  width: 90,
                  height: 90,
                  file_size: 1200,
                },
              ],
            }
          : {}),
        ...(message.caption === undefined ? {} : { caption: message.caption }),
      },
    };
  }

  /** The next `count` calls of `method` answer 429 with `retry_after`, as Telegram's flood control does. */
  failNext(method: string, count: number, retryAfter = 1): void {
    this.failures.set(method, { count, retryAfter });
  }

  /** Calls of `method` (of one bot when `token` is given) that Telegram accepted. */
  accepted(method: string, token?: string): FakeTelegramCall[] {
    return this.calls.filter(
      (call) =>
        call.method === method && call.status === 200 && (token === undefined || call.token === token),
    );
  }

  /** The texts a bot sent to a chat, in order. */
  sentTexts(token: string, chatId: number): string[] {
    return this.accepted('sendMessage', token)
      .filter((call) => text(call.params.chat_id) === String(chatId))
      .map((call) => String(call.params.text));
  }

  reset(): void {
    this.calls.length = 0;
    this.failures.clear();
  }

  private send(response: ServerResponse, outcome: Outcome): void {
    response.writeHead(outcome.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(outcome.body));
  }

  private async handle(request: IncomingMessage, body: Buffer): Promise<Outcome> {
    const url = new URL(request.url ?? '/', this.url);
    if (url.pathname.startsWith('/__fake/')) return this.introspect(request.method ?? 'GET', url, body);
    const match = /^\/bot([^/]*)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match?.[1] || !match[2] || !TOKEN.test(match[1])) return fail(404, 'Not Found');
    const [, token, method] = match;
    const { params, files } = await readParams(request, url, body);
    const outcome = this.answer(token, method, params, files);
    this.calls.push({ token, method, params, files, status: outcome.status, at: Date.now() });
    return outcome;
  }

  /**
   * The Node methods above over HTTP, for tests that cannot hold this object (inside workerd);
   * these calls are not Bot API calls and are not recorded in `calls`.
   *   POST /__fake/bots     {username, first_name?}          → {bot}          (addBot)
   *   POST /__fake/updates  {token, chat_id, text?, caption?, photo?, first_name?, update_id?}
   *                                                          → {update}       (userWrites)
   *   GET  /__fake/webhook?token=                            → {webhook}      (webhookOf, null if none)
   *   GET  /__fake/accepted?method=&token=                   → {calls}        (accepted; token optional)
   *   GET  /__fake/calls?token=                              → {calls}        (every call, failed too)
   */
  private introspect(method: string, url: URL, body: Buffer): Outcome {
    const input: Json = body.length > 0 ? JSON.parse(body.toString('utf8')) : {};
    const query = (name: string) => url.searchParams.get(name) ?? undefined;
    const route = `${method} ${url.pathname}`;
    if (route === 'POST /__fake/bots') {
      const username = text(input.username);
      if (!username) return badRequest('username is required');
      return { status: 201, body: { bot: this.addBot(username, text(input.first_name)) } };
    }
    if (route === 'POST /__fake/updates') {
      const token = text(input.token);
      const chatId = Number(text(input.chat_id));
      if (!token || !Number.isSafeInteger(chatId)) return badRequest('token and chat_id are required');
      const update = this.userWrites(token, chatId, {
        text: text(input.text),
        caption: text(input.caption),
        photo: input.photo === true,
        firstName: text(input.first_name),
        updateId: typeof input.update_id === 'number' ? input.update_id : undefined,
      });
      return { status: 200, body: { update } };
    }
    if (route === 'GET /__fake/webhook')
      return { status: 200, body: { webhook: this.webhookOf(query('token') ?? '') } };
    if (route === 'GET /__fake/accepted') {
      const of = query('method');
      if (!of) return badRequest('method is required');
      return { status: 200, body: { calls: this.accepted(of, query('token')) } };
    }
    if (route === 'GET /__fake/calls') {
      const token = query('token');
      return { status: 200, body: { calls: this.calls.filter((call) => !token || call.token === token) } };
    }
    return fail(404, 'Not Found');
  }

  private answer(token: string, method: string, params: Json, files: Record<string, FakeUpload>): Outcome {
    const bot = this.bots.get(token);
    if (!bot) return fail(401, 'Unauthorized');
    const failure = this.failures.get(method);
    if (failure && failure.count > 0) {
      failure.count--;
      return fail(429, `Too Many Requests: retry after ${failure.retryAfter}`, {
        retry_after: failure.retryAfter,
      });
    }
    switch (method.toLowerCase()) {
      case 'getme':
        return ok({
          id: bot.id,
          is_bot: true,
          first_name: bot.firstName,
          username: bot.username,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
          can_connect_to_business: false,
          has_main_web_app: false,
        });
      case 'setwebhook':
        return this.setWebhook(bot, params);
      case 'deletewebhook': {
        const had = this.webhooks.delete(token);
        return {
          ...ok(true),
          body: {
            ok: true,
            result: true,
            description: had ? 'Webhook was deleted' : 'Webhook is already deleted',
          },
        };
      }
      case 'sendmessage':
        return this.sendMessage(bot, params);
      case 'sendphoto':
        return this.sendMedia(bot, params, files, 'photo');
      case 'senddocument':
        return this.sendMedia(bot, params, files, 'document');
      default:
        return fail(404, 'Not Found');
    }
  }

  private setWebhook(bot: FakeTelegramBot, params: Json): Outcome {
    const url = text(params.url) ?? '';
    if (url === '') {
      this.webhooks.delete(bot.token);
      return { status: 200, body: { ok: true, result: true, description: 'Webhook was deleted' } };
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return badRequest('bad webhook: Failed to resolve host: Name or service not known');
    }
    if (parsed.protocol !== 'https:')
      return badRequest('bad webhook: An HTTPS URL must be provided for webhook');
    if (!WEBHOOK_PORTS.has(parsed.port || '443')) {
      return badRequest('bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443');
    }
    const secret = params.secret_token === undefined ? null : text(params.secret_token);
    if (secret !== null && (secret === undefined || !SECRET_TOKEN.test(secret))) {
      return badRequest('bad webhook: secret token contains unallowed characters');
    }
    const allowed = Array.isArray(params.allowed_updates) ? params.allowed_updates.map(String) : null;
    this.webhooks.set(bot.token, { url, secretToken: secret, allowedUpdates: allowed });
    return { status: 200, body: { ok: true, result: true, description: 'Webhook was set' } };
  }

  private chatOf(bot: FakeTelegramBot, chatId: unknown) {
    const id = Number(text(chatId));
    const chat = Number.isSafeInteger(id) ? this.chats.get(bot.token)?.get(id) : undefined;
    return chat ? { id, first_name: chat.firstName, type: 'private' } : null;
  }

  private message(bot: FakeTelegramBot, chat: Json, content: Json): Json {
    return {
      message_id: this.nextMessageId++,
      from: { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username },
      chat,
      date: Math.floor(Date.now() / 1000),
      ...content,
    };
  }

  private sendMessage(bot: FakeTelegramBot, params: Json): Outcome {
    if (params.chat_id === undefined || params.chat_id === '') return badRequest('chat_id is empty');
    const chat = this.chatOf(bot, params.chat_id);
    if (!chat) return badRequest('chat not found');
    const body = text(params.text) ?? '';
    if (body.trim() === '') return badRequest('message text is empty');
    if (body.length > MAX_MESSAGE_LENGTH) return badRequest('message is too long');
    return ok(this.message(bot, chat, { text: body }));
  }

  private sendMedia(
    bot: FakeTelegramBot,
    params: Json,
    files: Record<string, FakeUpload>,
    kind: 'photo' | 'document',
  ): Outcome {
    if (params.chat_id === undefined || params.chat_id === '') return badRequest('chat_id is empty');
    const chat = this.chatOf(bot, params.chat_id);
    if (!chat) return badRequest('chat not found');
    const caption = text(params.caption);
    if (caption !== undefined && caption.length > MAX_CAPTION_LENGTH)
      return badRequest('message caption is too long');
    // A file is either uploaded under the field's own name, attached as "attach://<name>", or a URL / file_id.
    const reference = text(params[kind]);
    const attached = reference?.startsWith('attach://')
      ? files[reference.slice('attach://'.length)]
      : undefined;
    const upload = files[kind] ?? attached;
    if (!upload && !reference) return badRequest(`there is no ${kind} in the request`);
    const fileId = `${kind === 'photo' ? 'AgAC' : 'BQAC'}${crypto.randomUUID().replaceAll('-', '')}`;
    const file = {
      file_id: fileId,
      file_unique_id: fileId.slice(0, 16),
      ...(upload ? { file_size: upload.size } : {}),
    };
    const content =
      kind === 'photo'
        ? { photo: [{ ...file, width: 320, height: 240 }] }
        : {
            document: {
              ...file,
              file_name: upload?.filename ?? 'file',
              mime_type: upload?.type || 'application/octet-stream',
            },
          };
    return ok(this.message(bot, chat, { ...content, ...(caption ? { caption } : {}) }));
  }
}

export const startFakeTelegram = () => new FakeTelegram().start();
