import type { EngineContext } from '../../engine/context';
import { ownSends } from '../own-sends';
import type { WazzupInboundMessage } from './webhook';

/**
 * Telling our own sends from a manager's (reference/messengers.md §1.6). Every message the channel
 * sends comes back as an `isEcho` webhook: ours (sent through POST /v3/message) and a manager's
 * (typed on the phone, in the Wazzup app or in a CRM). The documented webhook fields carry no
 * crmMessageId, so ours are recognised by what own-sends.ts records (the messageId Wazzup answered,
 * and the chat and text of a send under way); a crmMessageId, when an echo does carry it, is a
 * third mark.
 */

const sends = ownSends('wazzup');
/** As long as own-sends keeps a sent id: echoes come within seconds, redeliveries within hours. */
const CRM_TTL_SECONDS = 2 * 24 * 60 * 60;
const crmKey = (integrationId: string, crmMessageId: string) => `wazzup:crm:${integrationId}:${crmMessageId}`;

/** Before POST /v3/message: a send of `text` to `chatId` is under way. */
export async function sendStarting(
  ctx: EngineContext,
  integrationId: string,
  chatId: string,
  text: string,
  crmMessageId: string,
): Promise<void> {
  await sends.starting(ctx.ports.kv, integrationId, chatId, text);
  await ctx.ports.kv.set(crmKey(integrationId, crmMessageId), '1', { ttlSeconds: CRM_TTL_SECONDS });
}

/** After Wazzup took the send (201): its messageId is ours; the pending mark goes. */
export const sendTaken = (
  ctx: EngineContext,
  integrationId: string,
  chatId: string,
  text: string,
  messageId: string,
) => sends.taken(ctx.ports.kv, integrationId, chatId, text, messageId);

/** Whether an echo is of a message we sent. */
export async function isOwnEcho(
  ctx: EngineContext,
  integrationId: string,
  echo: WazzupInboundMessage,
): Promise<boolean> {
  if (echo.crmMessageId && (await ctx.ports.kv.get(crmKey(integrationId, echo.crmMessageId)))) return true;
  return sends.isOwn(ctx.ports.kv, integrationId, echo.chatId, echo.text, echo.messageId);
}
