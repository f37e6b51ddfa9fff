import { eq } from 'drizzle-orm';
import { type Bot, type Chat, chats, type Message } from '../../db/schema';
import type { EngineContext } from './context';
import { RESPOND_JOB, type RespondPayload } from './job-names';

export interface ScheduledAnswer {
  dueAt: Date;
  instant: boolean;
}

/**
 * SPEC §4 processing scheme. Accumulation: the answer is due `accumulation_messages_seconds` after
 * this message; each new message schedules its own job, and older jobs stand down when they see it,
 * so the wait restarts with every message. Instant: due now. The job goes through the jobs port:
 * QStash holds the delay in production, the local runner keeps it in Postgres across restarts.
 */
export async function scheduleAnswer(
  ctx: EngineContext,
  chat: Chat,
  bot: Bot,
  message: Message,
  now: Date,
): Promise<ScheduledAnswer> {
  const instant = bot.processScheme === 'instant';
  const delaySeconds = instant ? 0 : bot.accumulationMessagesSeconds;
  const dueAt = new Date(now.getTime() + delaySeconds * 1000);
  await ctx.ports.db.update(chats).set({ answerDueAt: dueAt }).where(eq(chats.id, chat.id));
  const payload: RespondPayload = { chatId: chat.id, upToMessageId: message.id };
  await ctx.ports.jobs.enqueue({
    name: RESPOND_JOB,
    payload,
    delaySeconds,
    dedupId: `${RESPOND_JOB}:${message.id}`,
  });
  return { dueAt, instant };
}
