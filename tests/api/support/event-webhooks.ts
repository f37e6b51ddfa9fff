import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { eventWebhookDeliveries, eventWebhookEndpoints } from '../../../db/schema';
import { sealSecret } from '../../../functions/secrets/secret-box';
import { accountChanged } from '../../../functions/services/auth/auth-cache';
import {
  EVENT_TYPES,
  EVENT_WEBHOOK_SECRET_LABEL,
  type EventType,
} from '../../../functions/shared/event-webhooks';
import type { TestApp } from '../../support/test-app';

/** A `whsec_…` signing secret as Standard Webhooks writes one: base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * An endpoint written straight into the table, its secret sealed as the management API seals it:
 * what the delivery side reads. Like the API, it marks the account's cached sign-ins stale, so the
 * next request sees the account's endpoints (accounts.has_event_webhooks).
 */
export async function insertEndpoint(
  t: Pick<TestApp, 'db' | 'settings' | 'clock' | 'kv'>,
  accountId: string,
  url: string,
  events: readonly EventType[] = EVENT_TYPES,
  secret = newWebhookSecret(),
) {
  const sealed = await sealSecret(t.settings.secretsKey, EVENT_WEBHOOK_SECRET_LABEL, secret);
  const [row] = await t.db
    .insert(eventWebhookEndpoints)
    .values({
      accountId,
      url,
      events: [...events],
      secretSealed: JSON.stringify(sealed),
      createdAt: t.clock.now(),
    })
    .returning();
  if (!row) throw new Error('no endpoint');
  await accountChanged(t.kv, accountId);
  return { ...row, secret };
}

export const deliveriesOf = (t: Pick<TestApp, 'db'>, endpointId: string) =>
  t.db
    .select()
    .from(eventWebhookDeliveries)
    .where(eq(eventWebhookDeliveries.endpointId, endpointId))
    .orderBy(asc(eventWebhookDeliveries.seq));

export const endpointRow = async (t: Pick<TestApp, 'db'>, id: string) =>
  (
    await t.db
      .select()
      .from(eventWebhookEndpoints)
      .where(and(eq(eventWebhookEndpoints.id, id)))
  )[0];
