import { and, desc, eq, gt, min } from 'drizzle-orm';
import { type Bot, type Chat, chats, type Message, messages } from '../../db/schema';
import type { EngineContext } from './context';
import { chatJobGroup, RESPOND_JOB, type RespondPayload } from './job-names';
import { waitingCustomer } from './load';

export interface ScheduledAnswer {
  dueAt: Date;
  instant: boolean;
}

/** When the first customer message still waiting in the chat came (the batch's start). */
async function batchStart(ctx: EngineContext, chat: Chat, message: Message): Promise<number> {
  const [first] = await ctx.ports.db
    .select({ at: min(messages.createdAt) })
    .from(messages)
    .where(waitingCustomer(chat.id));
  return Math.min(message.createdAt.getTime(), first?.at?.getTime() ?? Number.POSITIVE_INFINITY);
}

/**
 * The answer's due time for the batch `message` ends: accumulation's wait after it (none when
 * instant), no later than accumulation_max_seconds after the batch's first message, and, with the
 * waiting-for-response condition, no earlier than its minutes after that first message (an
 * operator's reply in between takes the batch over: operator.ts).
 */
async function dueTime(ctx: EngineContext, chat: Chat, bot: Bot, message: Message): Promise<Date> {
  const instant = bot.processScheme === 'instant';
  let due = message.createdAt.getTime() + (instant ? 0 : bot.accumulationMessagesSeconds) * 1000;
  const maxWait = instant ? null : (bot.conditions.accumulation_max_seconds ?? null);
  const waitOperator = bot.conditions.waiting_response_minutes ?? null;
  if (maxWait === null && waitOperator === null) return new Date(due);
  const start = await batchStart(ctx, chat, message);
  if (maxWait !== null) due = Math.min(due, start + maxWait * 1000);
  if (waitOperator !== null) due = Math.max(due, start + waitOperator * 60_000);
  return new Date(due);
}

/**
 * SPEC §4 processing scheme. Accumulation: the answer is due `accumulation_messages_seconds` after
 * this message; each new message schedules its own job, and older jobs stand down when they see it,
 * so the wait restarts with every message. Instant: due now. The job goes through the jobs port:
 * QStash holds the delay in production, the local runner keeps it in Postgres across restarts.
 * The wait counts from the message's (and the batch's) arrival, so scheduling again for a
 * redelivery (receive.ts) or from the sweeper keeps the same due time; the dedup id keeps one job
 * per message.
 */
export async function scheduleAnswer(
  ctx: EngineContext,
  chat: Chat,
  bot: Bot,
  message: Message,
  now: Date,
  dedupSuffix = '',
): Promise<ScheduledAnswer> {
  const instant = bot.processScheme === 'instant';
  const dueAt = await dueTime(ctx, chat, bot, message);
  const delaySeconds = Math.max(0, Math.ceil((dueAt.getTime() - now.getTime()) / 1000));
  await ctx.ports.db.update(chats).set({ answerDueAt: dueAt }).where(eq(chats.id, chat.id));
  const payload: RespondPayload = { chatId: chat.id, upToMessageId: message.id };
  await ctx.ports.jobs.enqueue({
    name: RESPOND_JOB,
    payload,
    delaySeconds,
    dedupId: `${RESPOND_JOB}:${message.id}${dedupSuffix}`,
    groupKey: chatJobGroup(chat.id),
  });
  return { dueAt, instant: instant && dueAt.getTime() <= message.createdAt.getTime() };
}

/**
 * After a run ended: customer messages that came while it held the chat found it busy, and their
 * jobs went to wait for its lease to end. The newest of them is scheduled for its own due time now
 * (`newest` when the run's record found it already, else it is looked up).
 */
export async function scheduleNewer(
  ctx: EngineContext,
  chat: Chat,
  bot: Bot,
  after: { seq: number } | { newest: Message | null },
  runId: string,
) {
  const newest =
    'newest' in after
      ? after.newest
      : (
          await ctx.ports.db
            .select()
            .from(messages)
            .where(and(waitingCustomer(chat.id), gt(messages.seq, after.seq)))
            .orderBy(desc(messages.seq))
            .limit(1)
        )[0];
  if (newest) await scheduleAnswer(ctx, chat, bot, newest, ctx.ports.clock.now(), `:after:${runId}`);
}
