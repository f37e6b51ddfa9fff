import { eq, sql } from 'drizzle-orm';
import { type Chat, chats, type Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { integrationLabel } from '../../shared/integration-catalogue';
import { makeOnce } from '../external-effect';
import type { AmoClient } from './client';

/**
 * The deal a dialogue's actions work on. A chat that came from this amoCRM has its deal in the
 * chat's refs (the webhook's lead). Any other dialogue (Check, Telegram, the widget) gets its own
 * deal in this account, made once on its first action and remembered in the chat's refs under the
 * integration's id.
 */

export interface AmoDeal {
  id: string;
  contactId: string | null;
}

const refKey = (chat: Chat, integration: Integration) =>
  chat.integrationId === integration.id ? 'lead_id' : `lead_id:${integration.id}`;

async function remember(ctx: EngineContext, chat: Chat, refs: Record<string, string>) {
  await ctx.ports.db
    .update(chats)
    .set({ channelRefs: sql`${chats.channelRefs} || ${JSON.stringify(refs)}::jsonb` })
    .where(eq(chats.id, chat.id));
  Object.assign(chat.channelRefs, refs);
}

const dealName = (chat: Chat) =>
  chat.customerName ??
  (chat.channel === 'check' ? 'Проверка бота' : `Клиент из ${integrationLabelOf(chat.channel)}`);

const integrationLabelOf = (channel: string) => {
  try {
    return integrationLabel(channel as Parameters<typeof integrationLabel>[0]);
  } catch {
    return channel;
  }
};

/** The chat's deal; null for a chat of this amoCRM that names none (it then has no deal to act on). */
export async function dealOfChat(
  ctx: EngineContext,
  chat: Chat,
  integration: Integration,
  api: AmoClient,
): Promise<AmoDeal | null> {
  const key = refKey(chat, integration);
  const known = chat.channelRefs[key];
  if (known)
    return { id: known, contactId: key === 'lead_id' ? (chat.channelRefs.contact_id ?? null) : null };
  if (key === 'lead_id') return null;
  const { result } = await makeOnce(ctx, chat.accountId, `${chat.id}:deal:${integration.id}`, {
    make: async () => {
      const answer = await api.post<{ _embedded?: { leads?: { id: number }[] } }>('/api/v4/leads', [
        { name: dealName(chat) },
      ]);
      const id = answer?._embedded?.leads?.[0]?.id;
      if (!id) throw new Error('amoCRM did not create the deal');
      return { id: String(id) };
    },
  });
  const id = String(result.id);
  await remember(ctx, chat, { [key]: id });
  return { id, contactId: null };
}
