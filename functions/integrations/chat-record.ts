import { eq, sql } from 'drizzle-orm';
import { type Chat, chats, type Integration } from '../../db/schema';
import type { EngineContext } from '../engine/context';
import { integrationLabel, isIntegrationType } from '../shared/integration-catalogue';
import { makeOnce } from './external-effect';

/**
 * The record a CRM's actions work on for a dialogue (amoCRM's deal, AlfaCRM's lead). A chat that
 * came from that CRM names it in its refs (`lead_id`, from the webhook). Any other dialogue (Check,
 * Telegram, the widget) gets its own record, made once on its first action (`make`) and remembered
 * in the chat's refs under the integration's id.
 */

const refKey = (chat: Chat, integration: Integration) =>
  chat.integrationId === integration.id ? 'lead_id' : `lead_id:${integration.id}`;

/** A name for a record made for a dialogue: the customer's, or where they came from. */
export function recordName(chat: Chat): string {
  if (chat.customerName) return chat.customerName;
  if (chat.channel === 'check') return 'Проверка бота';
  const label = isIntegrationType(chat.channel) ? integrationLabel(chat.channel) : chat.channel;
  return `Клиент из ${label}`;
}

/**
 * The dialogue's record id. A chat of this CRM that names none has none (null), unless `ownChats`
 * is 'made': a CRM whose chats need not belong to a record (Bitrix24's Open Lines) gets one made.
 */
export async function recordOfChat(
  ctx: EngineContext,
  chat: Chat,
  integration: Integration,
  make: () => Promise<string>,
  ownChats: 'named' | 'made' = 'named',
): Promise<string | null> {
  const key = refKey(chat, integration);
  const known = chat.channelRefs[key];
  if (known) return known;
  if (key === 'lead_id' && ownChats === 'named') return null;
  const { result } = await makeOnce(ctx, chat.accountId, `${chat.id}:record:${integration.id}`, {
    make: async () => ({ id: await make() }),
  });
  const id = String(result.id);
  await ctx.ports.db
    .update(chats)
    .set({ channelRefs: sql`${chats.channelRefs} || ${JSON.stringify({ [key]: id })}::jsonb` })
    .where(eq(chats.id, chat.id));
  chat.channelRefs[key] = id;
  return id;
}
