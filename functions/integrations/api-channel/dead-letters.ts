import { and, desc, eq } from 'drizzle-orm';
import { apiChannelCallbacks } from '../../../db/schema';
import type { ApiChannelDeadLetter } from '../../shared/api-channel';
import { isUuid } from '../../shared/uuid';
import type { DeadLetters } from '../module';
import { enqueueAttempt } from './outbox';

/** How many dead letters the integration page lists, newest first. */
export const DEAD_LETTERS_SHOWN = 100;

const dead = (integrationId: string) =>
  and(eq(apiChannelCallbacks.integrationId, integrationId), eq(apiChannelCallbacks.state, 'dead'));

/** The API channel's callbacks that were given up, and trying one again from its first attempt. */
export const apiChannelDeadLetters: DeadLetters = {
  async list(integration, ctx) {
    const rows = await ctx.ports.db
      .select()
      .from(apiChannelCallbacks)
      .where(dead(integration.id))
      .orderBy(desc(apiChannelCallbacks.deadAt), desc(apiChannelCallbacks.createdAt))
      .limit(DEAD_LETTERS_SHOWN);
    return rows.map(
      (row): ApiChannelDeadLetter => ({
        id: row.id,
        event_id: row.eventId,
        event: row.event,
        chat_id: row.chatExternalId,
        attempts: row.attempts,
        reason: row.lastError ?? '',
        created_at: row.createdAt.toISOString(),
        failed_at: (row.deadAt ?? row.createdAt).toISOString(),
      }),
    );
  },
  async retry(integration, ctx, id) {
    if (!isUuid(id)) return false;
    const [row] = await ctx.ports.db
      .update(apiChannelCallbacks)
      .set({ state: 'pending', attempts: 0, lockedUntil: null, deadAt: null })
      .where(and(eq(apiChannelCallbacks.id, id), dead(integration.id)))
      .returning({
        id: apiChannelCallbacks.id,
        integrationId: apiChannelCallbacks.integrationId,
        chatExternalId: apiChannelCallbacks.chatExternalId,
      });
    if (!row) return false;
    // A new dedup id: the first attempt's job of the earlier round may still be remembered.
    await enqueueAttempt(ctx.ports, row, 1, 0, `retry-${ctx.ports.clock.now().getTime()}`);
    return true;
  },
};
