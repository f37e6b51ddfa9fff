import { and, eq } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import type { WebhookRequest } from '../../integrations/module';
import { moduleFor } from '../../integrations/registry';
import { notFound } from '../../shared/app-error';
import { isUuid } from '../../shared/uuid';
import type { ServiceContext } from '../context';
import { isConnected } from '../integrations/integration-view';

/**
 * GET /api/webhooks/{type}/{integrationId}: a system checking the webhook address before it
 * delivers (Meta's verification request). Only a module with a handshake answers; the integration
 * must exist with that type and be connected (404 otherwise, as for deliveries). The answer is the
 * text to send with 200, or null when the request does not prove itself (403). No signature is
 * asked of it: the handshake carries none.
 */
export async function answerWebhookHandshake(
  ctx: ServiceContext,
  type: string,
  integrationId: string,
  request: WebhookRequest,
): Promise<string | null> {
  const handshake = moduleFor(type)?.inbound?.handshake;
  if (!handshake || !isUuid(integrationId)) throw notFound();
  const [row] = await ctx.ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, integrationId), eq(integrations.type, type as Integration['type'])));
  if (!row || !isConnected(row)) throw notFound();
  return handshake(ctx, row, request);
}
