import { AddressRefused } from '../../outbound/guarded-fetch';
import { checkOutboundUrl } from '../../outbound/url-guard';
import type { BotAction } from '../../shared/schemas/bot-actions';
import { fillPlaceholders, jsonEscape } from '../placeholders';
import { placeholderValues, type ToolResult, type Turn, toolAnswer } from '../turn';
import type { ActionRunner } from './action-runner';

export type WebhookAction = Extract<BotAction, { type: 'webhook' }>;

/** How long a webhook may take before the bot goes on without it. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of the answer the model reads. */
const MAX_ANSWER_CHARS = 2000;

export const WEBHOOK_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };

/** The chat and the newest customer message being answered: one key per answer, however often it runs. */
export const idempotencyKey = (turn: Turn) => `${turn.chat.id}:${turn.waiting.at(-1)?.id ?? 'none'}`;

/** Reads at most `limit` characters of a body, so a huge answer does not fill memory. */
async function readCapped(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.length < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text.slice(0, limit);
}

function requestBody(action: WebhookAction, turn: Turn, values: Record<string, string>) {
  const template = action.settings.body_template.trim();
  if (!template) {
    const customer = turn.waiting.map((message) => message.text).join('\n\n');
    const body = {
      action: action.name,
      bot_id: turn.bot.id,
      chat_id: turn.chat.id,
      channel: turn.chat.channel,
      message: customer,
      variables: turn.variables,
    };
    return { body: JSON.stringify(body), type: 'application/json' };
  }
  const json = template.startsWith('{') || template.startsWith('[');
  return json
    ? { body: fillPlaceholders(template, values, jsonEscape), type: 'application/json' }
    : { body: fillPlaceholders(template, values), type: 'text/plain; charset=utf-8' };
}

/**
 * Calls the action's URL with its method, headers and body (placeholders filled), then tells the
 * model the status and the start of the answer. Refused addresses and failures are answered to the
 * model as errors and recorded with the answer; they never fail the answer itself.
 */
export async function runWebhook(turn: Turn, action: WebhookAction): Promise<ToolResult> {
  const values = placeholderValues(turn);
  const { method, headers } = action.settings;
  const record = (ok: boolean, detail: string) =>
    turn.actions.push({ name: action.name, type: 'webhook', ok, detail });
  const allowPrivate = turn.ctx.settings.allowPrivateAddresses === true;
  const refused = (reason: string) => {
    record(false, reason);
    return toolAnswer({ ok: false, error: `The webhook was not called: ${reason.replaceAll('_', ' ')}` });
  };
  const target = checkOutboundUrl(fillPlaceholders(action.settings.url, values, encodeURIComponent), {
    allowPrivate,
  });
  if (!target.ok) return refused(target.reason);
  const sent = new Headers();
  for (const header of headers) {
    if (header.name) sent.set(header.name, fillPlaceholders(header.value, values));
  }
  // A run retried after a crash or a model error calls the webhook again for the same messages;
  // the key is the same then, so the receiving system can do the work once.
  if (!sent.has('idempotency-key')) sent.set('idempotency-key', idempotencyKey(turn));
  let body: string | undefined;
  if (method !== 'GET') {
    const built = requestBody(action, turn, values);
    body = built.body;
    if (!sent.has('content-type')) sent.set('content-type', built.type);
  }
  try {
    // The shape's fetch checks where the name leads and connects only there (url-guard.ts).
    const response = await turn.ctx.settings.guardedFetch(
      target.url,
      {
        method,
        headers: sent,
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      { allowPrivate },
    );
    const answer = await readCapped(response, MAX_ANSWER_CHARS);
    const ok = response.status >= 200 && response.status < 300;
    record(ok, `HTTP ${response.status}`);
    return toolAnswer({ ok, status: response.status, answer });
  } catch (error) {
    if (error instanceof AddressRefused) return refused(error.reason);
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const detail = timedOut ? 'timeout' : 'network error';
    record(false, detail);
    return toolAnswer({ ok: false, error: `The webhook failed: ${detail}` });
  }
}

export const webhookRunner: ActionRunner<WebhookAction> = {
  parameters: () => WEBHOOK_PARAMETERS,
  run: (turn, action) => runWebhook(turn, action),
};
