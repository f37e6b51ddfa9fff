import type { EngineContext } from '../../engine/context';
import type { WazzupInboundMessage } from './webhook';

/**
 * Telling our own sends from a manager's (reference/messengers.md §1.6). Every message the channel
 * sends comes back as an `isEcho` webhook: ours (sent through POST /v3/message) and a manager's
 * (typed on the phone, in the Wazzup app or in a CRM). The documented webhook fields carry no
 * crmMessageId, so ours are recognised by what we recorded: the messageId Wazzup answered, and,
 * for an echo that overtakes that answer, the chat and text of a send under way, written before
 * the request. The send writes the id before it clears the pending mark, and the check reads the
 * mark before the id, so an echo always finds one of them.
 */

/** How long a send's marks are kept: echoes come within seconds; redeliveries within hours. */
const SENT_TTL_SECONDS = 2 * 24 * 60 * 60;
const PENDING_TTL_SECONDS = 10 * 60;

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const pendingKey = async (integrationId: string, chatId: string, text: string) =>
  `wazzup:pending:${integrationId}:${await digest(`${chatId}\n${text.trim()}`)}`;
const sentKey = (integrationId: string, messageId: string) => `wazzup:sent:${integrationId}:${messageId}`;
const crmKey = (integrationId: string, crmMessageId: string) => `wazzup:crm:${integrationId}:${crmMessageId}`;

/** Before POST /v3/message: a send of `text` to `chatId` is under way. */
export async function sendStarting(
  ctx: EngineContext,
  integrationId: string,
  chatId: string,
  text: string,
  crmMessageId: string,
): Promise<void> {
  await ctx.ports.kv.incr(await pendingKey(integrationId, chatId, text), PENDING_TTL_SECONDS);
  await ctx.ports.kv.set(crmKey(integrationId, crmMessageId), '1', { ttlSeconds: SENT_TTL_SECONDS });
}

/** After Wazzup took the send (201): its messageId is ours; the pending mark goes. */
export async function sendTaken(
  ctx: EngineContext,
  integrationId: string,
  chatId: string,
  text: string,
  messageId: string,
): Promise<void> {
  if (messageId) {
    await ctx.ports.kv.set(sentKey(integrationId, messageId), '1', { ttlSeconds: SENT_TTL_SECONDS });
  }
  await ctx.ports.kv.incr(await pendingKey(integrationId, chatId, text), PENDING_TTL_SECONDS, -1);
}

/** Whether an echo is of a message we sent. */
export async function isOwnEcho(
  ctx: EngineContext,
  integrationId: string,
  echo: WazzupInboundMessage,
): Promise<boolean> {
  const { kv } = ctx.ports;
  if (echo.crmMessageId && (await kv.get(crmKey(integrationId, echo.crmMessageId)))) return true;
  const pending = Number(await kv.get(await pendingKey(integrationId, echo.chatId, echo.text)));
  if (pending > 0) return true;
  return (await kv.get(sentKey(integrationId, echo.messageId))) !== null;
}
