import { and, eq, inArray } from 'drizzle-orm';
import { eventWebhookDeliveries } from '../../../db/schema';
import type { Ports } from '../../ports';
import { isUuid } from '../../shared/uuid';
import { nudgeEndpoints } from './nudge';

/**
 * The owner's resend button: a delivered or given-up delivery goes again with the same id (the
 * receiver deduplicates by it) and a fresh day of retries from now (`resent_at`); the event's own
 * time stays. False when there is no such delivery of this account's endpoint, or it is still
 * pending (it is being sent already).
 */
export async function resendDelivery(
  ports: Pick<Ports, 'db' | 'jobs' | 'clock'>,
  accountId: string,
  endpointId: string,
  deliveryId: string,
): Promise<boolean> {
  if (!isUuid(accountId) || !isUuid(endpointId)) return false;
  const now = ports.clock.now();
  const [row] = await ports.db
    .update(eventWebhookDeliveries)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      resentAt: now,
      lockedUntil: null,
      lastStatus: null,
      lastError: null,
      deliveredAt: null,
    })
    .where(
      and(
        eq(eventWebhookDeliveries.id, deliveryId),
        eq(eventWebhookDeliveries.accountId, accountId),
        eq(eventWebhookDeliveries.endpointId, endpointId),
        inArray(eventWebhookDeliveries.status, ['delivered', 'failed']),
      ),
    )
    .returning({ endpointId: eventWebhookDeliveries.endpointId });
  if (!row) return false;
  await nudgeEndpoints(ports, [row.endpointId]);
  return true;
}
