import type { FetchLike } from '../module';

/**
 * RetailCRM's chat gateway (MG) Bot API (reference/crm.md §3.3): `{endpoint}/api/bot/v1`, the bot's
 * token in `X-Bot-Token`, JSON both ways; refusals carry `{errors: [...]}`. The bot writes into a
 * chat as itself, and hands a dialogue back to the operators by leaving it.
 */

export class MgError extends Error {
  constructor(
    readonly status: number,
    readonly explanation: string,
  ) {
    super(`RetailCRM chats ${status}: ${explanation}`);
    this.name = 'MgError';
  }
}

export interface MgClientOptions {
  endpoint: string;
  token: string;
  /** How the gateway is reached: `fetchFor` (module.ts), the guarded fetch for an address RetailCRM named. */
  fetch: FetchLike;
  timeoutMs?: number;
}

export function createMgClient(options: MgClientOptions) {
  const send = options.fetch;
  const root = `${options.endpoint.replace(/\/+$/, '')}/api/bot/v1`;

  async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await send(`${root}${path}`, {
      method,
      headers: {
        'X-Bot-Token': options.token,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = {};
    }
    const answer = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
    if (!response.ok) {
      const errors = Array.isArray(answer.errors) ? answer.errors.map(String).join('; ') : '';
      throw new MgError(response.status, errors || `HTTP ${response.status}`);
    }
    return answer;
  }

  return {
    /** A text into the chat, seen by the customer. */
    async sendText(chatId: number, content: string): Promise<string> {
      const answer = await call('POST', '/messages', {
        type: 'text',
        scope: 'public',
        chat_id: chatId,
        content,
      });
      return String(answer.message_id ?? '');
    },
    /** The bot leaves the dialogue: it returns to the operators' queue. */
    async unassign(dialogId: number): Promise<void> {
      await call('PATCH', `/dialogs/${dialogId}/unassign`, {});
    },
  };
}

export type MgClient = ReturnType<typeof createMgClient>;
