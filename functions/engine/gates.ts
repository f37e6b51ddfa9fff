import { type Account, type Bot, type Chat, INTEGRATION_TYPES, type IntegrationType } from '../../db/schema';
import { balanceOf } from '../services/billing/balance';
import { hasActiveSubscription } from '../services/billing/subscriptions';
import { effectiveState } from './chat-state';
import type { EngineContext } from './context';
import type { GateCode } from './events';
import { isWithinWorkTime } from './work-time';

/** The channel of the bot check screen; always open to the bot being checked. */
export const CHECK_CHANNEL = 'check';

export interface GateInput {
  account: Account;
  bot: Bot;
  chat: Chat;
  now: Date;
}

const isIntegrationType = (value: string): value is IntegrationType =>
  (INTEGRATION_TYPES as readonly string[]).includes(value);

/** A bot listens on a channel named by type ('telegram') or by the integration's id. */
function channelEnabled(bot: Bot, chat: Chat): boolean {
  if (chat.channel === CHECK_CHANNEL) return true;
  const channels = bot.conditions.channels;
  return (
    channels.includes(chat.channel) || (chat.integrationId !== null && channels.includes(chat.integrationId))
  );
}

/**
 * The gates of ARCHITECTURE §6.3, in order; the first that refuses names the reason, null lets the
 * message through. The order is the one a reader of the refusal expects: the chat, the bot, money,
 * then the trigger conditions.
 */
export async function firstRefusal(ctx: EngineContext, input: GateInput): Promise<GateCode | null> {
  const { account, bot, chat, now } = input;
  const state = effectiveState(chat, now);
  if (state === 'stopped') return 'chat_stopped';
  if (state === 'paused') return 'chat_paused';
  if (!bot.isWork) return 'bot_off';
  const { db } = ctx.ports;
  if (!(await hasActiveSubscription(db, account, 'bots', now))) return 'no_subscription';
  // A chat that came through an integration needs that integration in a subscription too.
  if (chat.integrationId && isIntegrationType(chat.channel)) {
    if (!(await hasActiveSubscription(db, account, chat.channel, now))) return 'no_subscription';
  }
  const balance = await balanceOf(db, account, now);
  if (balance.totalMinor < balance.minimumMinor) return 'low_balance';
  if (!channelEnabled(bot, chat)) return 'channel';
  if (!isWithinWorkTime(bot.conditions.work_time, now)) return 'work_time';
  return null;
}
