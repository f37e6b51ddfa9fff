import { and, eq, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Account, type Bot, type Chat, chats, messages } from '../../db/schema';
import { rowsOf } from '../ports/db';
import { balanceSql } from '../services/billing/balance';
import { botCoveredSql, integrationCoveredSql } from '../services/billing/subscriptions';
import { MINIMUM_BALANCE_MINOR } from '../shared/balance';
import { isIntegrationType } from '../shared/integration-catalogue';
import { effectiveState } from './chat-state';
import { type ChatKey, chatKeyWhere } from './chats';
import type { EngineContext } from './context';
import type { GateCode } from './events';
import { dailyLimitOf, spentTodaySql } from './spend-limit';
import { isWithinWorkTime } from './work-time';

/** The channel of the bot check screen; always open to the bot being checked. */
export const CHECK_CHANNEL = 'check';

export interface GateInput {
  account: Account;
  bot: Bot;
  chat: Chat;
  now: Date;
  /**
   * The newest message the decision is about (the customer message just stored, the last waiting
   * one, the reply a follow-up follows): trigger phrases count in it and the customer messages before.
   */
  upToSeq: number;
}

/** A bot listens on a channel named by type ('telegram') or by the integration's id. */
function channelEnabled(bot: Bot, chat: Chat): boolean {
  if (chat.channel === CHECK_CHANNEL) return true;
  const channels = bot.conditions.channels;
  return (
    channels.includes(chat.channel) || (chat.integrationId !== null && channels.includes(chat.integrationId))
  );
}

/**
 * conditions.run 'new_dialogs': only chats created since the bot was last switched on. A bot without
 * that moment (never switched on through the API) has no boundary. Check is exempt: its one chat per
 * bot outlives switching, and the owner checks the bot there.
 */
function isNewEnough(bot: Bot, chat: Chat): boolean {
  if (bot.conditions.run !== 'new_dialogs' || chat.channel === CHECK_CHANNEL) return true;
  return bot.workStartedAt === null || chat.createdAt.getTime() >= bot.workStartedAt.getTime();
}

/** The phrases that let the bot take a dialogue over; none means no such condition. */
function triggerPhrases(bot: Bot): string[] {
  const { process_messages_enabled, process_messages } = bot.conditions;
  // Enabled without phrases is a settings problem a working bot cannot have; it waits for nothing.
  return process_messages_enabled ? process_messages.map((phrase) => phrase.trim()).filter(Boolean) : [];
}

/**
 * conditions.process_messages: the bot takes a dialogue over once a customer message of the chat
 * contains one of the phrases, case-insensitively: as an SQL condition over the chat's messages up to
 * `upToSeq`, or, for a message being stored now, over the chat's earlier messages (found by its key)
 * and the new text. Postgres lowers both sides (the database's UTF-8 ctype folds Cyrillic too), so no
 * texts are loaded. True when the bot has no such condition.
 */
export function triggerSql(
  bot: Bot,
  where: { chatId: string; upToSeq: number } | { key: ChatKey; text: string },
): SQL {
  const phrases = triggerPhrases(bot);
  if (phrases.length === 0) return sql`true`;
  const within = (text: SQL) =>
    or(...phrases.map((phrase) => sql`position(lower(${phrase}::text) in lower(${text})) > 0`));
  if ('chatId' in where) {
    return sql`exists (select 1 from ${messages} where ${and(
      eq(messages.chatId, where.chatId),
      eq(messages.author, 'customer'),
      lte(messages.seq, where.upToSeq),
      within(sql`${messages.text}`),
    )})`;
  }
  return sql`(${within(sql`${where.text}::text`)} or exists (select 1 from ${messages}
    join ${chats} on ${chats.id} = ${messages.chatId}
    where ${and(chatKeyWhere(where.key), eq(messages.author, 'customer'), within(sql`${messages.text}`))}))`;
}

/** What the gates read from the database, all in one statement. */
export interface GateFacts {
  /** The bot, and the integration the chat came through, have places in a subscription. */
  covered: boolean;
  balanceMinor: number;
  /** What the bot spent today; null when it has no limit. */
  spentMinor: number | null;
  triggerSeen: boolean;
}

/**
 * The gates' facts as parts of one statement: `with` (the welcome credit, granted before the
 * balance is first read) and the columns `factsOf` reads. `trigger` is triggerSql's condition.
 */
export function gateFactsSql(input: {
  account: Account;
  bot: Bot;
  channel: string;
  integrationId: string | null;
  now: Date;
  trigger: SQL;
  /** The name of the balance's CTE (balanceSql), unique within the statement. */
  cte?: string;
}): { with: SQL; columns: SQL } {
  const { account, bot, channel, integrationId, now } = input;
  const balance = balanceSql(account, now, input.cte);
  // A chat that came through an integration needs that integration in a subscription too.
  const integrationCovered =
    integrationId && isIntegrationType(channel)
      ? integrationCoveredSql(account, integrationId, channel, now)
      : sql`true`;
  return {
    with: balance.with,
    columns: sql`${botCoveredSql(account, bot.id, now)} and ${integrationCovered} as gate_covered,
      ${balance.total} as gate_balance,
      ${dailyLimitOf(bot) === null ? sql`null` : spentTodaySql(account, bot, now)} as gate_spent,
      ${input.trigger} as gate_trigger`,
  };
}

/** The facts from a row that has gateFactsSql's columns. */
export function factsOf(row: Record<string, unknown> | undefined): GateFacts {
  const spent = row?.gate_spent;
  return {
    covered: row?.gate_covered !== false,
    balanceMinor: Number(row?.gate_balance ?? 0),
    spentMinor: spent === null || spent === undefined ? null : Number(spent),
    triggerSeen: Boolean(row?.gate_trigger),
  };
}

/** The facts of `input`'s chat, with `alongside` columns read in the same statement. */
async function readFacts(ctx: EngineContext, input: GateInput, alongside?: SQL) {
  const { chat } = input;
  const parts = gateFactsSql({
    ...input,
    channel: chat.channel,
    integrationId: chat.integrationId,
    trigger: triggerSql(input.bot, { chatId: chat.id, upToSeq: input.upToSeq }),
  });
  const columns = alongside ? sql`${parts.columns}, ${alongside}` : parts.columns;
  const [row] = rowsOf<Record<string, unknown>>(
    await ctx.ports.db.execute(sql`with ${parts.with} select ${columns}`),
  );
  return { facts: factsOf(row), row: row ?? {} };
}

/**
 * firstRefusal for a run that reads more from the database before it answers: the facts and
 * `alongside` (columns: the dialogue) in one statement, the row returned with the refusal.
 */
export async function refusalWith(ctx: EngineContext, input: GateInput, alongside: SQL) {
  const { facts, row } = await readFacts(ctx, input, alongside);
  return { refusal: await firstRefusal(ctx, input, facts), row };
}

/**
 * The gates of ARCHITECTURE §6.3, in order; the first that refuses names the reason, null lets the
 * message through. The order is the one a reader of the refusal expects: the chat, the bot, money,
 * then the trigger conditions. What they read from the database is one statement, or `known` when
 * the caller read it with its own (a message being stored reads it with the storing).
 */
export async function firstRefusal(
  ctx: EngineContext,
  input: GateInput,
  known?: GateFacts,
): Promise<GateCode | null> {
  const { account, bot, chat, now } = input;
  const state = effectiveState(chat, now);
  if (state === 'stopped') return 'chat_stopped';
  if (state === 'paused') return 'chat_paused';
  if (!bot.isWork) return 'bot_off';
  const facts = known ?? (await readFacts(ctx, input)).facts;
  if (!facts.covered) return 'no_subscription';
  if (facts.balanceMinor < MINIMUM_BALANCE_MINOR[account.currency]) return 'low_balance';
  const limit = dailyLimitOf(bot);
  if (limit !== null && (facts.spentMinor ?? 0) >= limit) return 'spend_limit';
  if (!channelEnabled(bot, chat)) return 'channel';
  if (!isNewEnough(bot, chat)) return 'not_new_dialog';
  if (!isWithinWorkTime(bot.conditions.work_time, now)) return 'work_time';
  if (!facts.triggerSeen) return 'no_trigger_phrase';
  return null;
}
