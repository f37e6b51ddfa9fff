import { type SQL, sql } from 'drizzle-orm';
import { type Chat, chats, type Message, messages } from '../../db/schema';
import { type Db, rowsOf } from '../ports/db';
import { rowFromJson } from '../ports/db-rows';
import type { ChatKey, CustomerIdentity } from './chats';

export interface AcceptedInbound {
  chat: Chat;
  message: Message;
  /** False when the channel delivered this message before: the engine does nothing again. */
  isNew: boolean;
  /** The row's other columns: what `alongside` asked for. */
  alongside: Record<string, unknown>;
}

interface StoredJson {
  chat: Record<string, unknown>;
  message: Record<string, unknown>;
  is_new: boolean;
}

/** One inbound message as engine_accept (migration 0017) stores it. */
export interface InboundToStore {
  key: ChatKey;
  botId: string | null;
  externalId: string;
  author: 'customer' | 'operator';
  text: string;
  /** An operator's answer written in Chats: stored undelivered, then sent through the channel once. */
  outgoing?: boolean;
  customer?: CustomerIdentity;
  refs?: Record<string, string>;
  /** The bot's due rule (accumulate.ts dueRule): a new customer message's answer is due by it. */
  due?: Record<string, number | null>;
}

/**
 * A message as it arrives, in one round trip: the chat with its key (created on its first message,
 * concurrent first messages sharing one; otherwise its last message time moves on, what the channel
 * says of the customer and the chat's refs, key by key, replace what it said before; a chat that came
 * in before any bot served its channel is taken by the bot serving it now), the message stored once
 * by its external id within the chat, and, for a new one with `due`, the answer's due time on the chat.
 */
export async function acceptInbound(
  db: Db,
  inbound: InboundToStore,
  now: Date,
  /** Columns read in the same statement (the gates' facts, gates.ts), with the CTE they need. */
  alongside?: { with: SQL; columns: SQL },
): Promise<AcceptedInbound> {
  const input = {
    now: now.toISOString(),
    account_id: inbound.key.accountId,
    channel: inbound.key.channel,
    integration_id: inbound.key.integrationId,
    chat_external_id: inbound.key.externalId,
    bot_id: inbound.botId,
    customer_name: inbound.customer?.name ?? null,
    customer_phone: inbound.customer?.phone ?? null,
    customer_username: inbound.customer?.username ?? null,
    refs: inbound.refs ?? {},
    message_external_id: inbound.externalId,
    author: inbound.author,
    text: inbound.text,
    // An operator who wrote in the channel itself was delivered there; one from Chats goes out next.
    delivered: inbound.author === 'operator' && !inbound.outgoing,
    due: inbound.due ?? null,
  };
  const accept = sql`engine_accept(${JSON.stringify(input)}::jsonb) as value`;
  const result = await db.execute(
    alongside ? sql`with ${alongside.with} select ${accept}, ${alongside.columns}` : sql`select ${accept}`,
  );
  const [row] = rowsOf<{ value: StoredJson } & Record<string, unknown>>(result);
  if (!row) throw new Error('engine_accept returned no row');
  const { value: stored, ...rest } = row;
  return {
    chat: rowFromJson(chats, stored.chat),
    message: rowFromJson(messages, stored.message),
    isNew: stored.is_new,
    alongside: rest,
  };
}
