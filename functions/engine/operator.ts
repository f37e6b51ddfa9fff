import { and, eq, isNull } from 'drizzle-orm';
import { type Bot, type Chat, chats, messages } from '../../db/schema';
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
 * How long a stop keeps the bot from answering, to compare two stops: a working chat (or a pause
 * that has passed) answers now, a stop "until the next message" answers that message, a pause ends
 * at its time, a stop or a pause without an end never does.
 */
function offUntil(stop: Pick<ChatStop, 'state' | 'pausedUntil' | 'resumeOnMessage'>, now: Date): number {
  const state = effectiveState(stop, now);
  if (state === 'working') return 0;
  if (state === 'stopped') return stop.resumeOnMessage ? 1 : Number.POSITIVE_INFINITY;
  return stop.pausedUntil ? stop.pausedUntil.getTime() : Number.POSITIVE_INFINITY;
}

/**
 * The intervention's stop, only where it keeps the bot off longer than the chat's own: it never
 * shortens or lifts a stop or pause someone else set (the owner's stop, a forever or longer pause,
 * the bot's own stop). The chat row is read locked, so a stop written meanwhile is the one compared.
 */
async function strengthenStop(ctx: EngineContext, chat: Chat, stop: ChatStop, now: Date): Promise<Chat> {
  const written = await ctx.ports.db.transaction(async (tx) => {
    const [current = chat] = await tx.select().from(chats).where(eq(chats.id, chat.id)).for('update');
    if (offUntil(stop, now) <= offUntil(current, now)) return { chat: current, hooked: [] as string[] };
    // With its bot.stopped event when it stops a working bot (event webhooks), in one statement.
    const { saved, hooked } = await stopChats(tx, current.accountId, [current], stop, 'operator', now);
    return { chat: saved[0] ?? { ...current, ...stop }, hooked };
  });
  await nudgeEndpoints(ctx.ports, written.hooked);
  if (written.chat.state !== chat.state) {
    await publishToChat(ctx, chat, { type: 'state', state: written.chat.state });
  }
  return written.chat;
}

/**
 * An operator wrote in the chat (SPEC §3 stop_logic, §4 stop periods). With "stop during
 * intervention" on, the bot stops for the bot's stop period. With it, or with the waiting-for-response
 * condition (the bot answers only when no operator did in time), the customer messages still
 * waiting are the operator's now: the pending answer stands down. The intervention's stop only
 * makes the chat's stop stronger (strengthenStop).
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
  return strengthenStop(ctx, chat, stopFor(bot_stop_period, bot_stop_period_seconds, now), now);
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
