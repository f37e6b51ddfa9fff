import { and, type Column, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Account, accounts, type Bot, bots, type Integration, integrations } from '../../db/schema';
import type { Db } from '../ports/db';
import { rowFromJson } from '../ports/db-rows';
import { grouped, groupedPer } from '../ports/grouped';
import type { CustomerIdentity } from './chats';
import type { EngineContext } from './context';
import { type InboundResult, receiveInbound } from './receive';

/**
 * The bot that answers a connected channel: one whose trigger conditions list the integration. When
 * several do, a switched-on one wins, then the most recently edited. The integration's id and
 * account are values, or the columns of an integration read in the same statement (a lateral join).
 */
const servingBot = (db: Db, integrationId: string | Column, accountId: string | Column) =>
  db
    .select()
    .from(bots)
    .where(
      and(
        eq(bots.accountId, accountId),
        sql`${bots.conditions}->'channels' @> jsonb_build_array(${integrationId}::text)`,
      ),
    )
    .orderBy(desc(bots.isWork), desc(bots.updatedAt))
    .limit(1);

export async function botForIntegration(db: Db, integration: Integration): Promise<Bot | undefined> {
  const [bot] = await servingBot(db, integration.id, integration.accountId);
  return bot;
}

/** Who serves an integration's messages: the bot answering it (none when no bot lists it) and the account. */
export interface Serving {
  bot: Bot | undefined;
  account: Account;
}

type Found = { integration: Integration; serving: Serving } | undefined;

/**
 * The integrations asked for at the same time, read by one statement (ports/grouped.ts), each with
 * its account and serving bot: the bot is looked for among its account's bots once per integration
 * (a join on the bot's id as a subquery read every bot of the database to match them).
 */
async function readIntegrations(
  db: Db,
  asked: { type: Integration['type']; id: string }[],
): Promise<Found[]> {
  const serving = servingBot(db, integrations.id, integrations.accountId).as('serving');
  const rows = await db
    .select({
      integration: integrations,
      account: accounts,
      bot: sql<Record<string, unknown> | null>`to_jsonb(${sql.identifier('serving')})`,
    })
    .from(integrations)
    .innerJoin(accounts, eq(accounts.id, integrations.accountId))
    .leftJoinLateral(serving, sql`true`)
    .where(inArray(integrations.id, [...new Set(asked.map((one) => one.id))]));
  const byId = new Map(rows.map((row) => [row.integration.id, row]));
  return asked.map(({ type, id }) => {
    const row = byId.get(id);
    if (row?.integration.type !== type) return undefined;
    const bot = row.bot ? rowFromJson(bots, row.bot) : undefined;
    return { integration: row.integration, serving: { bot, account: row.account } };
  });
}

const integrationReaderOf = groupedPer((db: Db) =>
  grouped((asked: { type: Integration['type']; id: string }[]) => readIntegrations(db, asked)),
);

/**
 * An integration of this type and id with the bot serving it and its account, in one statement
 * (shared with the webhooks arriving at the same time): the webhook pipeline's first read, which
 * then spares the engine both (receiveFromIntegration).
 */
export function integrationAndServing(db: Db, type: Integration['type'], id: string): Promise<Found> {
  return integrationReaderOf(db)({ type, id });
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
  /** Who serves it, when the caller read that with the integration. */
  serving?: Serving,
): Promise<InboundResult> {
  const bot = serving ? serving.bot : await botForIntegration(ctx.ports.db, integration);
  return receiveInbound(
    ctx,
    {
      accountId: integration.accountId,
      botId: bot?.id ?? null,
      channel: integration.type,
      integrationId: integration.id,
      ...message,
    },
    { bot, account: serving?.account },
  );
}
