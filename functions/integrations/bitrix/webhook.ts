import type { ChannelMessage } from '../../engine/integration-inbound';

/**
 * Bitrix24's events to the bot (reference/crm.md §2.5, §2.6), form-encoded with PHP-style keys
 * (`data[PARAMS][MESSAGE]`), as the webhook pipeline reads them into flat fields. A message in an
 * Open Lines chat (`CHAT_ENTITY_TYPE` LINES) from the connector's user (`IS_CONNECTOR` Y) is the
 * customer's; from anyone else but a bot, an operator's. The chat's CRM binding
 * (`CHAT_ENTITY_DATA_1`, `Y|DEAL|12|…`) names its deal. The bot deleted or the application removed
 * ends the connection.
 */

export type BitrixEvent =
  | { kind: 'message'; message: ChannelMessage }
  | { kind: 'revoked' }
  | { kind: 'ignored' };

const MESSAGE_EVENTS = new Set(['ONIMBOTMESSAGEADD']);
const END_EVENTS = new Set(['ONIMBOTDELETE', 'ONAPPUNINSTALL']);

/** The application token an event carries. */
export const eventApplicationToken = (body: unknown) => fieldsOf(body)['auth[application_token]'] ?? '';

function fieldsOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The deal an Open Lines chat is bound to, from `Y|DEAL|12|N|N|…` (pairs of entity type and id). */
export function dealOfBinding(binding: string): string | null {
  const parts = binding.split('|');
  const at = parts.indexOf('DEAL');
  const id = at >= 0 ? parts[at + 1] : undefined;
  return id && /^[1-9]\d*$/.test(id) ? id : null;
}

/** The event read; null when the body is not a Bitrix24 event. */
export function readBitrixEvent(body: unknown): BitrixEvent | null {
  const fields = fieldsOf(body);
  const event = (fields.event ?? '').toUpperCase();
  if (!event) return null;
  if (END_EVENTS.has(event)) return { kind: 'revoked' };
  if (!MESSAGE_EVENTS.has(event)) return { kind: 'ignored' };
  const param = (name: string) => fields[`data[PARAMS][${name}]`] ?? '';
  const user = (name: string) => fields[`data[USER][${name}]`] ?? '';
  const dialogId = param('DIALOG_ID');
  const messageId = param('MESSAGE_ID');
  const chatId = param('CHAT_ID') || param('TO_CHAT_ID');
  if (!dialogId || !messageId) return null;
  if (param('CHAT_ENTITY_TYPE') !== 'LINES' || user('IS_BOT') === 'Y') return { kind: 'ignored' };
  const customer = user('IS_CONNECTOR') === 'Y';
  const deal = dealOfBinding(param('CHAT_ENTITY_DATA_1'));
  return {
    kind: 'message',
    message: {
      chatExternalId: dialogId,
      messageExternalId: messageId,
      author: customer ? 'customer' : 'operator',
      text: param('MESSAGE'),
      ...(customer
        ? { customer: { name: [user('NAME'), user('LAST_NAME')].filter(Boolean).join(' ') || null } }
        : {}),
      refs: {
        dialog_id: dialogId,
        ...(chatId ? { chat_id: chatId } : {}),
        ...(deal ? { lead_id: deal } : {}),
      },
    },
  };
}
