import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { eventWebhookDeliveries, eventWebhookEndpoints } from '../../../db/schema';
import { sealSecret } from '../../../functions/secrets/secret-box';
import {
  EVENT_TYPES,
  EVENT_WEBHOOK_SECRET_LABEL,
  type EventType,
} from '../../../functions/shared/event-webhooks';
import type { TestApp } from '../../support/test-app';

/** A `whsec_…` signing secret as Standard Webhooks writes one: base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * An endpoint written straight into the table, its secret sealed as the management API seals it
 * (the API is built beside these tests): what the delivery side reads.
 */
export async function insertEndpoint(
  t: Pick<TestApp, 'db' | 'settings' | 'clock'>,
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
