import { and, desc, eq, sql } from 'drizzle-orm';
import { type Bot, bots, type Integration } from '../../db/schema';
import type { Db } from '../ports/db';
import type { CustomerIdentity } from './chats';
import type { EngineContext } from './context';
import { type InboundResult, receiveInbound } from './receive';

/**
 * The bot that answers a connected channel: one whose trigger conditions list the integration. When
 * several do, a switched-on one wins, then the most recently edited.
 */
export async function botForIntegration(db: Db, integration: Integration): Promise<Bot | undefined> {
  const [bot] = await db
    .select()
    .from(bots)
    .where(
      and(
        eq(bots.accountId, integration.accountId),
        sql`${bots.conditions}->'channels' @> ${JSON.stringify([integration.id])}::jsonb`,
      ),
    )
    .orderBy(desc(bots.isWork), desc(bots.updatedAt))
    .limit(1);
  return bot;
}

/** What a channel adapter read from one inbound event of a connected integration. */
export interface ChannelMessage {
  /** The conversation's id in the channel (Telegram chat id, widget visitor id). */
  chatExternalId: string;
  /** The event's id in the channel; a redelivery with the same id is a no-op. */
  messageExternalId: string;
  author: 'customer' | 'operator';
  text: string;
  customer?: CustomerIdentity;
  /** What the channel knows the chat by besides its id (amoCRM's lead, contact, talk). */
  refs?: Record<string, string>;
}

/**
 * Hands a channel's message to the engine (ARCHITECTURE §6.1) on behalf of the bot bound to the
 * integration. Without such a bot the message is still stored, so the Chats screen shows it.
 */
export async function receiveFromIntegration(
  ctx: EngineContext,
  integration: Integration,
  message: ChannelMessage,
): Promise<InboundResult> {
  const bot = await botForIntegration(ctx.ports.db, integration);
  return receiveInbound(
    ctx,
    {
      accountId: integration.accountId,
      botId: bot?.id ?? null,
      channel: integration.type,
      integrationId: integration.id,
      ...message,
    },
    bot ? { bot } : {},
  );
}
