import { and, eq, isNotNull, isNull, lt, max, or } from 'drizzle-orm';
import { balanceHolds, chats, messages } from '../../db/schema';
import type { EngineContext } from './context';
import { deliverStale } from './deliver';
import { chatJobGroup, RESPOND_JOB, type RespondPayload } from './job-names';

/** A waiting message counts as lost when its answer is this late and nobody holds its chat. */
const LOST_AFTER_SECONDS = 120;
const CHATS_PER_SWEEP = 100;

/**
 * Every minute (schedules/engine-sweep.ts): sends stored replies that a crashed run never
 * delivered, schedules the answer again for chats whose customer messages wait long past their due
 * time with nobody answering (a job lost with its queue, attempts used up), and drops holds that
 * outlived their run. Each step is idempotent: a dedup id per minute, delivery holds, lease checks.
 */
export async function sweepEngine(ctx: EngineContext): Promise<{ delivered: number; rescheduled: number }> {
  const { db, clock, jobs } = ctx.ports;
  const now = clock.now();
  const delivered = await deliverStale(ctx);
  const lostBefore = new Date(now.getTime() - LOST_AFTER_SECONDS * 1000);
  const lost = await db
    .select({ chatId: chats.id, newestSeq: max(messages.seq) })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(
      and(
        eq(messages.author, 'customer'),
        isNull(messages.answeredAt),
        isNotNull(chats.botId),
        lt(chats.answerDueAt, lostBefore),
        or(isNull(chats.answeringUntil), lt(chats.answeringUntil, now)),
      ),
    )
    .groupBy(chats.id)
    .limit(CHATS_PER_SWEEP);
  const minute = Math.floor(now.getTime() / 60_000);
  for (const { chatId, newestSeq } of lost) {
    if (newestSeq === null) continue;
    const [newest] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.seq, newestSeq)));
    if (!newest) continue;
    const payload: RespondPayload = { chatId, upToMessageId: newest.id };
    await jobs.enqueue({
      name: RESPOND_JOB,
      payload,
      dedupId: `${RESPOND_JOB}:${newest.id}:sweep:${minute}`,
      groupKey: chatJobGroup(chatId),
    });
  }
  await db.delete(balanceHolds).where(lt(balanceHolds.expiresAt, now));
  return { delivered, rescheduled: lost.length };
}
