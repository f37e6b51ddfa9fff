import { type SQL, sql } from 'drizzle-orm';
import { type Account, accounts, type Bot, bots, type Integration, integrations } from '../../db/schema';
import { type Db, rowsOf } from '../ports/db';
import { rowFromJson } from '../ports/db-rows';
import { grouped, groupedPer } from '../ports/grouped';
import type { CustomerIdentity } from './chats';
import type { EngineContext } from './context';
import { type InboundResult, receiveInbound } from './receive';

/**
 * The bot that answers a connected channel: one whose trigger conditions list the integration. When
 * several do, a switched-on one wins, then the most recently edited. The integration's id and
 * account are values, or the columns of an integration read in the same statement (a lateral join).
 * Written as SQL rather than with drizzle's builder: building that select cost more of a webhook's
 * time than running it.
 */
const servingBotSql = (integrationId: SQL, accountId: SQL) => sql`select b.* from ${bots} b
  where b.account_id = ${accountId} and b.conditions->'channels' @> jsonb_build_array(${integrationId}::text)
  order by b.is_work desc, b.updated_at desc limit 1`;

async function botForIntegration(db: Db, integration: Integration): Promise<Bot | undefined> {
  const [row] = rowsOf<{ bot: Record<string, unknown> }>(
    await db.execute(
      sql`select to_jsonb(serving) as bot
        from (${servingBotSql(sql`${integration.id}`, sql`${integration.accountId}::uuid`)}) serving`,
    ),
  );
  return row ? rowFromJson(bots, row.bot) : undefined;
}

/** Who serves an integration's messages: the bot answering it (none when no bot lists it) and the account. */
export interface Serving {
  bot: Bot | undefined;
  account: Account;
}

type Found = { integration: Integration; serving: Serving } | undefined;

interface IntegrationRow {
  integration: Record<string, unknown>;
  account: Record<string, unknown>;
  bot: Record<string, unknown> | null;
}

/**
 * The integrations asked for at the same time, read by one statement (ports/grouped.ts), each with
 * its account and serving bot: the bot is looked for among its account's bots once per integration
 * (a join on the bot's id as a subquery read every bot of the database to match them).
 */
async function readIntegrations(
  db: Db,
  asked: { type: Integration['type']; id: string }[],
): Promise<Found[]> {
  const ids = [...new Set(asked.map((one) => one.id))];
  const rows = rowsOf<IntegrationRow>(
    await db.execute(sql`select to_jsonb(i) as integration, to_jsonb(a) as account, to_jsonb(serving) as bot
      from ${integrations} i join ${accounts} a on a.id = i.account_id
      left join lateral (${servingBotSql(sql`i.id`, sql`i.account_id`)}) serving on true
      where i.id in ${ids}`),
  );
  const byId = new Map(rows.map((row) => [row.integration.id, row]));
  return asked.map(({ type, id }) => {
    const row = byId.get(id);
    if (row?.integration.type !== type) return undefined;
    return {
      integration: rowFromJson(integrations, row.integration),
      serving: {
        bot: row.bot ? rowFromJson(bots, row.bot) : undefined,
        account: rowFromJson(accounts, row.account),
      },
    };
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
