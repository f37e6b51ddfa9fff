import { and, desc, gt, sql } from 'drizzle-orm';
import { type Bot, type Chat, type Message, messages } from '../../db/schema';
import { selectValue } from '../ports/db-rows';
import type { EngineContext } from './context';
import { chatJobGroup, RESPOND_JOB, type RespondPayload } from './job-names';
import { waitingCustomer } from './load';

export interface ScheduledAnswer {
  dueAt: Date;
  instant: boolean;
}

/**
 * The bot's rule for when an answer is due (SPEC §4 processing scheme), as engine_due (migration
 * 0017) applies it: accumulation's wait after the batch's last message (none when instant), no later
 * than accumulation_max_seconds after its first, and, with the waiting-for-response condition, no
 * earlier than its minutes after the first (an operator's reply in between takes the batch over:
 * operator.ts).
 */
export function dueRule(bot: Bot) {
  const instant = bot.processScheme === 'instant';
  return {
    delay_seconds: instant ? 0 : bot.accumulationMessagesSeconds,
    max_wait_seconds: instant ? null : (bot.conditions.accumulation_max_seconds ?? null),
    operator_wait_minutes: bot.conditions.waiting_response_minutes ?? null,
  };
}

/** Sets the chat's answer due time for the batch `message` ends, in one statement; returns it. */
async function setDue(ctx: EngineContext, chat: Chat, bot: Bot, message: Message): Promise<Date> {
  const due = await selectValue<Date | string>(
    ctx.ports.db,
    sql`select engine_due(${chat.id}::uuid, ${message.createdAt.toISOString()}::timestamptz,
      ${JSON.stringify(dueRule(bot))}::jsonb) as value`,
  );
  return new Date(due);
}

/**
 * SPEC §4 processing scheme. Accumulation: the answer is due `accumulation_messages_seconds` after
 * this message; each new message schedules its own job, and older jobs stand down when they see it,
 * so the wait restarts with every message. Instant: due now. The job goes through the jobs port:
 * QStash holds the delay in production, the local runner keeps it in Postgres across restarts.
 * The wait counts from the message's (and the batch's) arrival, so scheduling again for a
 * redelivery (receive.ts) or from the sweeper keeps the same due time; the dedup id keeps one job
 * per message. `dueAt` is the due time when it was set already (accepting the message did).
 */
export async function scheduleAnswer(
  ctx: EngineContext,
  chat: Chat,
  bot: Bot,
  message: Message,
  now: Date,
  options: { dedupSuffix?: string; dueAt?: Date } = {},
): Promise<ScheduledAnswer> {
  const instant = bot.processScheme === 'instant';
  const dueAt = options.dueAt ?? (await setDue(ctx, chat, bot, message));
  const delaySeconds = Math.max(0, Math.ceil((dueAt.getTime() - now.getTime()) / 1000));
  const payload: RespondPayload = { chatId: chat.id, upToMessageId: message.id };
  await ctx.ports.jobs.enqueue({
    name: RESPOND_JOB,
    payload,
    delaySeconds,
    dedupId: `${RESPOND_JOB}:${message.id}${options.dedupSuffix ?? ''}`,
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
  if (newest)
    await scheduleAnswer(ctx, chat, bot, newest, ctx.ports.clock.now(), { dedupSuffix: `:after:${runId}` });
}
