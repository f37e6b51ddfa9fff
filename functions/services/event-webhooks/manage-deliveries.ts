import { and, count, desc, eq } from 'drizzle-orm';
import { type EventWebhookDelivery, eventWebhookDeliveries } from '../../../db/schema';
import { notFound } from '../../shared/app-error';
import {
  EVENT_WEBHOOK_DELIVERIES_PAGE_SIZE,
  type EventType,
  type EventWebhookDeliveryList,
  type EventWebhookDeliveryView,
} from '../../shared/event-webhooks';
import type { AccountContext } from '../context';
import { ownEndpoint } from './manage-endpoints';
import { resendDelivery } from './resend';

/** The longest delivery id looked up; ours are `msg_` and a few dozen characters. */
const MAX_DELIVERY_ID = 100;

/** A delivery as the owner's list shows it: never its body. */
export const deliveryView = (row: EventWebhookDelivery): EventWebhookDeliveryView => ({
  id: row.id,
  event: row.event as EventType,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.lastStatus,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

/** One page of an endpoint's deliveries, newest first; another account's endpoint is 404. */
export async function listDeliveries(
  ctx: AccountContext,
  endpointId: string,
  page: number,
): Promise<EventWebhookDeliveryList> {
  const endpoint = await ownEndpoint(ctx, endpointId);
  const pageSize = EVENT_WEBHOOK_DELIVERIES_PAGE_SIZE;
  const ofEndpoint = eq(eventWebhookDeliveries.endpointId, endpoint.id);
  const [rows, [total]] = await Promise.all([
    ctx.ports.db
      .select()
      .from(eventWebhookDeliveries)
      .where(ofEndpoint)
      .orderBy(desc(eventWebhookDeliveries.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.ports.db.select({ n: count() }).from(eventWebhookDeliveries).where(ofEndpoint),
  ]);
  return { deliveries: rows.map(deliveryView), total: total?.n ?? 0, page, pageSize };
}

/**
 * The resend button: the delivery goes again with the same id (resend.ts). One still pending is
 * already on its way and is answered as it is; another account's, or an unknown one, is 404.
 */
export async function resendOwnDelivery(
  ctx: AccountContext,
  endpointId: string,
  deliveryId: string,
): Promise<{ delivery: EventWebhookDeliveryView }> {
  const endpoint = await ownEndpoint(ctx, endpointId);
  if (deliveryId.length > MAX_DELIVERY_ID) throw notFound('event_webhook_delivery_not_found');
  await resendDelivery(ctx.ports, ctx.account.id, endpoint.id, deliveryId);
  const [row] = await ctx.ports.db
    .select()
    .from(eventWebhookDeliveries)
    .where(
      and(
        eq(eventWebhookDeliveries.id, deliveryId),
        eq(eventWebhookDeliveries.endpointId, endpoint.id),
        eq(eventWebhookDeliveries.accountId, ctx.account.id),
      ),
    );
  if (!row) throw notFound('event_webhook_delivery_not_found');
  return { delivery: deliveryView(row) };
}
