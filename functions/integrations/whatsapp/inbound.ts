import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import type { ChannelMessage } from '../../engine/integration-inbound';
import { withoutNul } from '../../shared/strip-nul';
import { whatsappFailureLine } from '../../shared/whatsapp-messages';
import { accountLanguage } from '../booking/bookings';
import type { WebhookDelivery } from '../module';
import { advanceStatus, sentChatOf } from './sent';
import type { WhatsAppCustomerMessage, WhatsAppEcho, WhatsAppEvent, WhatsAppStatus } from './webhook';

/**
 * A WABA's events read into what the engine takes (reference/whatsapp-cloud.md §2.4, §2.5, §5). A
 * customer's message is answered once by its wamid. An `smb_message_echoes` message was typed by
 * a person in the WhatsApp Business app on the shared number: the operator's, so the bot's stop
 * logic applies; our own API sends are never echoed there, and one whose wamid we sent is skipped
 * all the same. Statuses of our sends are kept; a `failed` one writes its reason in the dialogue
 * once. Reactions, customers' edits, system and unsupported messages carry nothing to answer.
 */

const SKIPPED = new Set([
  'reaction',
  'system',
  'unsupported',
  'unknown',
  'revoke',
  'edit',
  'request_welcome',
]);

const PLACEHOLDERS: Record<string, (fileName: string | null) => string> = {
  image: () => '[image]',
  video: () => '[video]',
  audio: () => '[voice message]',
  voice: () => '[voice message]',
  document: (fileName) => (fileName ? `[document: ${withoutNul(fileName)}]` : '[document]'),
  sticker: () => '[sticker]',
  location: () => '[location]',
  contacts: () => '[contact]',
  order: () => '[order]',
};

/** The message's text: its own, or the kind it is with its caption; null when there is nothing. */
function wordsOf(message: { type: string; text: string; fileName: string | null }, skip: Set<string>) {
  if (skip.has(message.type)) return null;
  const text = withoutNul(message.text).trim();
  if (['text', 'button', 'interactive', 'edit'].includes(message.type)) return text || null;
  const placeholder = PLACEHOLDERS[message.type]?.(message.fileName) ?? '[unsupported message]';
  return text ? `${placeholder} ${text}` : placeholder;
}

export function customerMessage(message: WhatsAppCustomerMessage): ChannelMessage | null {
  const text = wordsOf(message, SKIPPED);
  if (text === null) return null;
  const refs: Record<string, string> = {};
  if (message.waId) refs.wa_id = message.waId;
  if (message.userId) refs.user_id = message.userId;
  return {
    chatExternalId: message.chat,
    messageExternalId: message.wamid,
    author: 'customer',
    text,
    customer: { name: message.name, phone: message.waId, username: null },
    refs,
  };
}

/** A manager's message from the Business app; an edit of one is the manager at work too. */
const ECHO_SKIPPED = new Set(['reaction', 'revoke', 'system', 'unsupported', 'unknown']);

export function operatorMessage(echo: WhatsAppEcho): ChannelMessage | null {
  const text = wordsOf(echo, ECHO_SKIPPED);
  if (text === null) return null;
  return { chatExternalId: echo.chat, messageExternalId: echo.wamid, author: 'operator', text };
}

/** A status of one of our sends: kept, and a failure said once in its dialogue. */
async function statusNews(
  ctx: EngineContext,
  integration: Integration,
  status: WhatsAppStatus,
  note: (chatId: string, key: string, text: string) => Promise<void>,
) {
  const chatId = await sentChatOf(ctx, integration.id, status.wamid);
  if (!chatId) return;
  await advanceStatus(ctx, integration.id, status.wamid, status.status);
  if (status.status !== 'failed') return;
  const lang = await accountLanguage(ctx, integration.accountId);
  const line = whatsappFailureLine(lang, status.error?.code ?? null, status.error?.title ?? '');
  await note(chatId, `whatsapp-failed:${status.wamid}`, line);
}

/** The events of one delivery that are this number's, as the pipeline takes them. */
export function whatsappDelivery(events: WhatsAppEvent[], phoneNumberId: string | null): WebhookDelivery {
  // A WABA's app gets every number of the WABA: another number's events are another integration's.
  const mine = events.filter((event) => phoneNumberId !== null && event.phoneNumberId === phoneNumberId);
  const echoes = mine.filter((event): event is WhatsAppEcho => event.kind === 'echo');
  const statuses = mine.filter((event): event is WhatsAppStatus => event.kind === 'status');
  return {
    messages: mine.flatMap((event) => (event.kind === 'message' ? (customerMessage(event) ?? []) : [])),
    followUp:
      echoes.length + statuses.length === 0
        ? undefined
        : async (ctx, stored, receive, note) => {
            for (const echo of echoes) {
              if (await sentChatOf(ctx, stored.id, echo.wamid)) continue;
              const message = operatorMessage(echo);
              if (message) await receive(message);
            }
            for (const status of statuses) await statusNews(ctx, stored, status, note);
          },
  };
}
