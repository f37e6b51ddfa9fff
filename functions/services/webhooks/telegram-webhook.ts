import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { type Integration, integrations } from '../../../db/schema';
import { telegramInbound, telegramUpdateSchema } from '../../channels/telegram-inbound';
import { receiveFromIntegration } from '../../engine/integration-inbound';
import { AppError, notFound, unauthorized } from '../../http/errors';
import { telegramWebhookSecret } from '../../integrations/telegram';
import { SecretUnreadable } from '../../secrets/secret-box';
import { sameSecret } from '../../shared/same-secret';
import { isUuid } from '../../shared/uuid';
import type { ServiceContext } from '../context';
import { isConnected } from '../integrations/integration-view';

export type TelegramWebhookOutcome = 'stored' | 'duplicate' | 'ignored';

/**
 * A connected Telegram integration by the id in its webhook address. The id alone is no proof: the
 * caller checks the secret next. Unknown, malformed and never-connected ids answer the same 404.
 */
async function webhookIntegration(
  ctx: ServiceContext,
  id: string,
): Promise<Integration & { secret: string }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.type, 'telegram')));
  if (!row || !isConnected(row)) throw notFound();
  let secret: string | null;
  try {
    secret = await telegramWebhookSecret(ctx.settings, row);
  } catch (error) {
    if (!(error instanceof SecretUnreadable)) throw error;
    // Fails closed: nothing is read, and Telegram keeps the update to retry once the key is right.
    console.error(`integration ${row.id} (telegram): ${error.message}`);
    throw new AppError(500, 'internal_error');
  }
  if (!secret) throw notFound();
  return { ...row, secret };
}

/**
 * POST /api/webhooks/telegram/{integrationId}: an Update from Telegram. It must carry the secret
 * that connecting registered (X-Telegram-Bot-Api-Secret-Token), or nothing is read (401). A switched
 * off integration acknowledges and drops updates, so Telegram does not pile them up. A message goes
 * to the engine (stored once per update_id); the answer follows from the engine's respond job, so
 * Telegram gets its 200 at once.
 */
export async function receiveTelegramUpdate(
  ctx: ServiceContext,
  integrationId: string,
  secretHeader: string | undefined,
  body: unknown,
): Promise<TelegramWebhookOutcome> {
  const integration = await webhookIntegration(ctx, integrationId);
  if (!secretHeader || !(await sameSecret(secretHeader, integration.secret))) throw unauthorized();
  if (!integration.activated) return 'ignored';
  const update = v.safeParse(telegramUpdateSchema, body);
  if (!update.success) throw new AppError(400, 'bad_request');
  const message = telegramInbound(update.output);
  if (!message) return 'ignored';
  const { secret: _secret, ...row } = integration;
  const result = await receiveFromIntegration(ctx, row, message);
  return result.isNew ? 'stored' : 'duplicate';
}
