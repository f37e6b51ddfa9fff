import { and, eq, isNull } from 'drizzle-orm';
import { type Bot, type Chat, messages } from '../../db/schema';
import { nudgeEndpoints } from '../services/event-webhooks/nudge';
import { stopChats } from '../services/event-webhooks/stop-chats';
import { type ChatStop, effectiveState, stopFor, WORKING } from './chat-state';
import type { EngineContext } from './context';
import { publishToChat } from './publish';

async function setStop(ctx: EngineContext, chat: Chat, stop: ChatStop, now: Date): Promise<Chat> {
  // With its bot.stopped event when it stops a working bot (event webhooks), in one statement.
  const { saved, hooked } = await stopChats(ctx.ports.db, chat.accountId, [chat], stop, 'operator', now);
  await nudgeEndpoints(ctx.ports, hooked);
  const next = saved[0] ?? { ...chat, ...stop };
  if (next.state !== chat.state) await publishToChat(ctx, chat, { type: 'state', state: next.state });
  return next;
}

/**
 * An operator wrote in the chat (SPEC §3 stop_logic, §4 stop periods). With "stop during
 * intervention" on, the bot stops for the bot's stop period. With it, or with the waiting-for-response
 * condition (the bot answers only when no operator did in time), the customer messages still
 * waiting are the operator's now: the pending answer stands down.
 */
export async function applyOperatorMessage(
  ctx: EngineContext,
  chat: Chat,
  bot: Bot,
  now: Date,
): Promise<Chat> {
  const { stop_during_intervention, bot_stop_period, bot_stop_period_seconds } = bot.stopLogic;
  const fallback = (bot.conditions.waiting_response_minutes ?? null) !== null;
  if (!stop_during_intervention && !fallback) return chat;
  await ctx.ports.db
    .update(messages)
    .set({ answeredAt: now })
    .where(and(eq(messages.chatId, chat.id), eq(messages.author, 'customer'), isNull(messages.answeredAt)));
  if (!stop_during_intervention) return chat;
  return setStop(ctx, chat, stopFor(bot_stop_period, bot_stop_period_seconds, now), now);
}

/**
 * Before a customer message meets the gates: a stop "until the next message" ends with it, and a
 * pause whose time has passed is written back as working.
 */
export async function resumeIfDue(ctx: EngineContext, chat: Chat, now: Date): Promise<Chat> {
  const resumes =
    (chat.state === 'stopped' && chat.resumeOnMessage) ||
    (chat.state === 'paused' && effectiveState(chat, now) === 'working');
  return resumes ? setStop(ctx, chat, WORKING, now) : chat;
}
