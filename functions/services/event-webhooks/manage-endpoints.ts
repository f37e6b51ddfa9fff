import { and, asc, eq, sql } from 'drizzle-orm';
import { type EventWebhookEndpoint, eventWebhookEndpoints } from '../../../db/schema';
import { accountRules } from '../../integrations/module';
import { checkOutboundUrl } from '../../outbound/url-guard';
import { sealSecret } from '../../secrets/secret-box';
import { invalidFields, notFound } from '../../shared/app-error';
import {
  type CreatedEventWebhookEndpoint,
  EVENT_WEBHOOK_SECRET_LABEL,
  type EventType,
  type EventWebhookEndpointList,
  type EventWebhookEndpointView,
} from '../../shared/event-webhooks';
import type { CreateEventWebhookInput, UpdateEventWebhookInput } from '../../shared/schemas/event-webhooks';
import { isUuid } from '../../shared/uuid';
import { ensureRoomFor } from '../account-limits';
import { accountChanged } from '../auth/auth-cache';
import type { AccountContext } from '../context';

/** An endpoint as the API shows it: never its secret. */
export const endpointView = (row: EventWebhookEndpoint): EventWebhookEndpointView => ({
  id: row.id,
  url: row.url,
  events: row.events as EventType[],
  enabled: row.enabled,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** Refuses an address the installation may not call (plain http, a private one), as the API channel does. */
function ensureCallable(ctx: AccountContext, url: string): void {
  if (!checkOutboundUrl(url, accountRules(ctx.settings)).ok)
    throw invalidFields({ url: 'callback_url_invalid' });
}

const own = (ctx: AccountContext, id: string) =>
  and(eq(eventWebhookEndpoints.id, id), eq(eventWebhookEndpoints.accountId, ctx.account.id));

/** The account's endpoint, or 404 (another account's included). */
export async function ownEndpoint(ctx: AccountContext, id: string): Promise<EventWebhookEndpoint> {
  if (!isUuid(id)) throw notFound('event_webhook_not_found');
  const [row] = await ctx.ports.db.select().from(eventWebhookEndpoints).where(own(ctx, id));
  if (!row) throw notFound('event_webhook_not_found');
  return row;
}

export async function listEndpoints(ctx: AccountContext): Promise<EventWebhookEndpointList> {
  const rows = await ctx.ports.db
    .select()
    .from(eventWebhookEndpoints)
    .where(eq(eventWebhookEndpoints.accountId, ctx.account.id))
    .orderBy(asc(eventWebhookEndpoints.createdAt), asc(eventWebhookEndpoints.id));
  return { endpoints: rows.map(endpointView) };
}

/** Creates an endpoint; its secret is in this answer only and stored sealed. */
export async function createEndpoint(
  ctx: AccountContext,
  input: CreateEventWebhookInput,
): Promise<CreatedEventWebhookEndpoint> {
  ensureCallable(ctx, input.url);
  await ensureRoomFor(ctx, 'eventWebhooks');
  const secret = newSecret();
  const sealed = await sealSecret(ctx.settings.secretsKey, EVENT_WEBHOOK_SECRET_LABEL, secret);
  const [row] = await ctx.ports.db
    .insert(eventWebhookEndpoints)
    .values({
      accountId: ctx.account.id,
      url: input.url,
      events: input.events,
      secretSealed: JSON.stringify(sealed),
      createdAt: ctx.ports.clock.now(),
    })
    .returning();
  if (!row) throw new Error('event webhook insert returned nothing');
  // The account's has_event_webhooks moved (migration 0021): signed-in requests read it afresh.
  await accountChanged(ctx.ports.kv, ctx.account.id);
  return { endpoint: endpointView(row), secret };
}

/**
 * Changes what is given. Switching an endpoint on that was off (by the owner, or after failing for
 * a day) starts afresh: no "switched off" or "failing since" left. Switching it off is the owner's.
 */
export async function updateEndpoint(
  ctx: AccountContext,
  id: string,
  input: UpdateEventWebhookInput,
): Promise<{ endpoint: EventWebhookEndpointView }> {
  if (!isUuid(id)) throw notFound('event_webhook_not_found');
  if (input.url !== undefined) ensureCallable(ctx, input.url);
  const t = eventWebhookEndpoints;
  const enabling = input.enabled === true;
  const [row] = await ctx.ports.db
    .update(t)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.enabled === false ? { enabled: false, disabledAt: null } : {}),
      ...(enabling
        ? {
            enabled: true,
            disabledAt: null,
            failingSince: sql`case when ${t.enabled} then ${t.failingSince} else null end`,
          }
        : {}),
      // A PATCH with nothing in it still answers the endpoint.
      id: sql`${t.id}`,
    })
    .where(own(ctx, id))
    .returning();
  if (!row) throw notFound('event_webhook_not_found');
  return { endpoint: endpointView(row) };
}

/** Deletes the endpoint and, with it, its deliveries. */
export async function deleteEndpoint(ctx: AccountContext, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('event_webhook_not_found');
  const [row] = await ctx.ports.db
    .delete(eventWebhookEndpoints)
    .where(own(ctx, id))
    .returning({ id: eventWebhookEndpoints.id });
  if (!row) throw notFound('event_webhook_not_found');
  await accountChanged(ctx.ports.kv, ctx.account.id);
}
