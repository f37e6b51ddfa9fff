import { Api, type ApiClientOptions, GrammyError, HttpError, InputFile, type Transformer } from 'grammy';

/**
 * The Telegram Bot API client. It wraps grammY's `Api` (ARCHITECTURE §1 asks for a well-kept
 * library): grammY builds the requests, multipart uploads included, and resolves to its web build
 * (global fetch) in the Worker and to its Node build elsewhere, so one client serves every shape.
 * Its `apiRoot` option points tests at the fake server. Rate limits go through a grammY transformer
 * (waitOutFloodControl below; grammY's auto-retry plugin is CommonJS with `debug` and crashes the
 * Workers runtime): a 429 with `parameters.retry_after` is repeated after that wait, a few times and
 * never longer than MAX_RETRY_WAIT_SECONDS. A connection that could not be made (refused, no DNS
 * answer, timed out connecting) is tried again after CONNECT_RETRY_DELAYS_MS: the request never
 * left, so it cannot arrive twice. Other failures are not retried here (a request that went out
 * and got no answer may have been taken) and surface Telegram's `description` as a TelegramApiError.
 * Only this file knows grammY, so the rest of the code depends on the methods below.
 */

export const DEFAULT_TELEGRAM_API_ROOT = 'https://api.telegram.org';
/** The longest text one message may carry (Bot API sendMessage). */
export const TELEGRAM_MESSAGE_LIMIT = 4096;
/** The longest caption of a photo or document. */
export const TELEGRAM_CAPTION_LIMIT = 1024;
/** A longer flood wait than this is not waited out inside a request or a job: the call fails. */
export const MAX_RETRY_WAIT_SECONDS = 30;
export const MAX_RETRY_ATTEMPTS = 3;
const TIMEOUT_SECONDS = 20;
/** Waits before the second and third try of a request whose connection could not be made. */
const CONNECT_RETRY_DELAYS_MS = [1_000, 2_000];
/** Failures before any byte of the request was written: another try cannot deliver it twice. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export class TelegramApiError extends Error {
  constructor(
    readonly method: string,
    /** Telegram's own words ("Unauthorized", "Bad Request: chat not found"), or the network failure. */
    readonly description: string,
    /** Telegram's error_code; null when no answer came. */
    readonly errorCode: number | null,
  ) {
    super(`Telegram ${method} failed: ${description}`);
    this.name = 'TelegramApiError';
  }
}

/**
 * What failed under a request that got no answer, for the log: the innermost error code (a reset,
 * a refused or timed-out connection) or grammY's own timeout. Never an error's message: fetch's
 * can carry the request's URL, and the URL carries the bot's token.
 */
function networkCause(error: unknown): string {
  let current: unknown = error;
  let code: string | null = null;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const own = (current as { code?: unknown }).code;
    if (typeof own === 'string') code = own;
    current = current.cause;
  }
  if (code) return code;
  if (error instanceof Error && /^Request to '\w+' timed out after \d+ seconds$/.test(error.message))
    return error.message;
  return error instanceof Error ? error.name : 'unknown';
}

export interface TelegramBotInfo {
  id: number;
  username: string;
  firstName: string;
}

/** A file to send: a URL or file_id Telegram fetches itself, or bytes uploaded with the request. */
export type TelegramFile = string | { data: Uint8Array; filename: string };

export interface TelegramClientOptions {
  /** Defaults to https://api.telegram.org. */
  apiRoot?: string;
}

export type ChatId = number | string;

/** Telegram's flood control: a 429 answer says how many seconds to wait before the same call. */
const waitOutFloodControl: Transformer = async (prev, method, payload, signal) => {
  for (let attempt = 1; ; attempt++) {
    const result = await prev(method, payload, signal);
    const wait = result.ok ? undefined : result.parameters?.retry_after;
    if (
      result.ok ||
      result.error_code !== 429 ||
      wait === undefined ||
      wait > MAX_RETRY_WAIT_SECONDS ||
      attempt > MAX_RETRY_ATTEMPTS
    ) {
      return result;
    }
    await new Promise((done) => setTimeout(done, wait * 1000));
  }
};

/**
 * The runtime's own fetch in every shape (undici on Node). grammY's Node default, node-fetch over a
 * keep-alive agent, writes a request on a pooled socket the server has already closed when the event
 * loop stalls past the agent's idle timer: the send fails with ECONNRESET, which is not retried (the
 * request went out).
 * Typed as grammY's option, which names node-fetch's signature.
 */
const runtimeFetch = ((input: string, init?: RequestInit) =>
  fetch(input, init)) as unknown as ApiClientOptions['fetch'];

const inputFile = (file: TelegramFile) =>
  // A string stays a string: grammY's InputFile would read a string as a local file path.
  typeof file === 'string' ? file : new InputFile(file.data, file.filename);

export class TelegramClient {
  private readonly api: Api;

  constructor(token: string, options: TelegramClientOptions = {}) {
    this.api = new Api(token, {
      apiRoot: (options.apiRoot ?? DEFAULT_TELEGRAM_API_ROOT).replace(/\/+$/, ''),
      timeoutSeconds: TIMEOUT_SECONDS,
      fetch: runtimeFetch,
    });
    this.api.config.use(waitOutFloodControl);
  }

  async getMe(): Promise<TelegramBotInfo> {
    const me = await this.call('getMe', () => this.api.getMe());
    return { id: me.id, username: me.username, firstName: me.first_name };
  }

  /** Updates go to `url`, each carrying `secretToken` in X-Telegram-Bot-Api-Secret-Token; messages only. */
  async setWebhook(url: string, secretToken: string): Promise<void> {
    await this.call('setWebhook', () =>
      this.api.setWebhook(url, { secret_token: secretToken, allowed_updates: ['message'] }),
    );
  }

  async deleteWebhook(): Promise<void> {
    await this.call('deleteWebhook', () => this.api.deleteWebhook());
  }

  /** Sends one message; the caller keeps `text` within TELEGRAM_MESSAGE_LIMIT. Returns its message_id. */
  async sendMessage(chatId: ChatId, text: string): Promise<number> {
    const sent = await this.call('sendMessage', () => this.api.sendMessage(chatId, text));
    return sent.message_id;
  }

  async sendPhoto(chatId: ChatId, photo: TelegramFile, caption?: string): Promise<number> {
    const options = caption ? { caption } : {};
    const sent = await this.call('sendPhoto', () => this.api.sendPhoto(chatId, inputFile(photo), options));
    return sent.message_id;
  }

  async sendDocument(chatId: ChatId, document: TelegramFile, caption?: string): Promise<number> {
    const options = caption ? { caption } : {};
    const sent = await this.call('sendDocument', () =>
      this.api.sendDocument(chatId, inputFile(document), options),
    );
    return sent.message_id;
  }

  private async call<T>(method: string, run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (error instanceof GrammyError)
          throw new TelegramApiError(method, error.description, error.error_code);
        if (!(error instanceof HttpError)) throw error;
        const cause = networkCause(error.error);
        const delay = CONNECT_RETRY_DELAYS_MS[attempt];
        if (!NOT_SENT.has(cause) || delay === undefined)
          throw new TelegramApiError(method, `${error.message} (${cause})`, null);
        await new Promise((done) => setTimeout(done, delay));
      }
    }
  }
}
