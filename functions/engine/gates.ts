import { and, eq, lte, or, sql } from 'drizzle-orm';
import { type Account, type Bot, type Chat, messages } from '../../db/schema';
import { balanceOf } from '../services/billing/balance';
import { botCovered, integrationCovered } from '../services/billing/subscriptions';
import { isIntegrationType } from '../shared/integration-catalogue';
import { effectiveState } from './chat-state';
import type { EngineContext } from './context';
import type { GateCode } from './events';
import { spendLimitReached } from './spend-limit';
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

/**
 * conditions.process_messages: the bot takes a dialogue over once a customer message of the chat
 * (up to `upToSeq`) contains one of the phrases, case-insensitively. One query, LIMIT 1: Postgres
 * lowers both sides (the database's UTF-8 ctype folds Cyrillic too), so no texts are loaded. It
 * applies in Check as well, where the owner tries the phrases and sees the refusal as a notice.
 */
async function triggerPhraseSeen(
  ctx: EngineContext,
  bot: Bot,
  chat: Chat,
  upToSeq: number,
): Promise<boolean> {
  const { process_messages_enabled, process_messages } = bot.conditions;
  const phrases = process_messages.map((phrase) => phrase.trim()).filter(Boolean);
  // Enabled without phrases is a settings problem a working bot cannot have; it waits for nothing.
  if (!process_messages_enabled || phrases.length === 0) return true;
  const contains = phrases.map(
    (phrase) => sql`position(lower(${phrase}::text) in lower(${messages.text})) > 0`,
  );
  const [row] = await ctx.ports.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chat.id),
        eq(messages.author, 'customer'),
        lte(messages.seq, upToSeq),
        or(...contains),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The gates of ARCHITECTURE §6.3, in order; the first that refuses names the reason, null lets the
 * message through. The order is the one a reader of the refusal expects: the chat, the bot, money,
 * then the trigger conditions (the phrase last: it is the one gate that reads the chat's messages).
 */
export async function firstRefusal(ctx: EngineContext, input: GateInput): Promise<GateCode | null> {
  const { account, bot, chat, now } = input;
  const state = effectiveState(chat, now);
  if (state === 'stopped') return 'chat_stopped';
  if (state === 'paused') return 'chat_paused';
  if (!bot.isWork) return 'bot_off';
  const { db } = ctx.ports;
  if (!(await botCovered(db, account, bot.id, now))) return 'no_subscription';
  // A chat that came through an integration needs that integration in a subscription too.
  if (chat.integrationId && isIntegrationType(chat.channel)) {
    if (!(await integrationCovered(db, account, chat.integrationId, chat.channel, now)))
      return 'no_subscription';
  }
  const balance = await balanceOf(db, account, now);
  if (balance.totalMinor < balance.minimumMinor) return 'low_balance';
  if (await spendLimitReached(db, account, bot, now)) return 'spend_limit';
  if (!channelEnabled(bot, chat)) return 'channel';
  if (!isNewEnough(bot, chat)) return 'not_new_dialog';
  if (!isWithinWorkTime(bot.conditions.work_time, now)) return 'work_time';
  if (!(await triggerPhraseSeen(ctx, bot, chat, input.upToSeq))) return 'no_trigger_phrase';
  return null;
}
