import type { Integration } from '../../../db/schema';
import { integrationAndServing, receiveFromIntegration } from '../../engine/integration-inbound';
import { noteInChat } from '../../engine/notes';
import type { WebhookRequest } from '../../integrations/module';
import { moduleFor } from '../../integrations/registry';
import { SecretUnreadable } from '../../secrets/secret-box';
import { AppError, notFound, unauthorized } from '../../shared/app-error';
import { isUuid } from '../../shared/uuid';
import type { ServiceContext } from '../context';
import { isConnected } from '../integrations/integration-view';
import { letGoOfConnection } from '../integrations/integrations';
import { moveDealOfChat } from './move-deal';

/** What one delivery did: for logs, tests and the benchmark. */
export interface WebhookOutcome {
  /** Messages stored now; a redelivered one counts as a duplicate. */
  stored: number;
  duplicates: number;
  /** The delivery was a probe, or the integration is switched off: acknowledged, nothing read. */
  dropped: boolean;
  /** The exact text to answer with (the module's acknowledgement), instead of `{}`. */
  answer?: string;
}

const NOTHING: WebhookOutcome = { stored: 0, duplicates: 0, dropped: true };

async function integrationOf(ctx: ServiceContext, type: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const found = await integrationAndServing(ctx.ports.db, type as Integration['type'], id);
  if (!found) throw notFound();
  return found;
}

/**
 * POST /api/webhooks/{type}/{integrationId} (ARCHITECTURE §7): one pipeline for every module. A
 * probe of the address is acknowledged; the integration is looked up by type and id (unknown,
 * malformed or of another type: 404); it must be connected (404) and the request must prove itself (401; a stored secret
 * that does not open fails closed with 500, so the system retries once the key is right); a
 * switched-off integration acknowledges and drops; garbage answers 400; each message goes to the
 * engine, stored once by its external id, and the answer follows from the engine's jobs.
 */
export async function receiveWebhook(
  ctx: ServiceContext,
  type: string,
  integrationId: string,
  request: WebhookRequest,
): Promise<WebhookOutcome> {
  const inbound = moduleFor(type)?.inbound;
  if (!inbound) throw notFound();
  const nothing: WebhookOutcome =
    inbound.acknowledgement === undefined ? NOTHING : { ...NOTHING, answer: inbound.acknowledgement };
  // A probe reads nothing and changes nothing; Wazzup sends one even while its webhooks are turned off.
  if (inbound.isProbe?.(request)) return nothing;
  const { integration, serving } = await integrationOf(ctx, type, integrationId);
  if (!isConnected(integration)) throw notFound();
  let verified: boolean;
  try {
    verified = await inbound.verify(ctx.settings, integration, request);
  } catch (error) {
    if (!(error instanceof SecretUnreadable)) throw error;
    console.error(`integration ${integration.id} (${type}): ${error.message}`);
    throw new AppError('internal_error');
  }
  if (!verified) throw unauthorized();
  if (!integration.activated && !inbound.receivesWhenOff) return nothing;
  const delivery = inbound.parse(integration, request);
  if (!delivery) throw new AppError('bad_request');
  if (delivery.revoked) {
    await letGoOfConnection(ctx, integration);
    return nothing;
  }
  const outcome: WebhookOutcome = {
    stored: 0,
    duplicates: 0,
    dropped: false,
    ...(inbound.acknowledgement === undefined ? {} : { answer: inbound.acknowledgement }),
  };
  for (const message of delivery.messages) {
    const result = await receiveFromIntegration(ctx, integration, message, serving);
    if (result.isNew) outcome.stored++;
    else outcome.duplicates++;
  }
  await delivery.followUp?.(
    ctx,
    integration,
    (message) => receiveFromIntegration(ctx, integration, message, serving),
    (chatId, key, text) => noteInChat(ctx, chatId, key, text),
    (chatId, crmIntegrationId, target) =>
      moveDealOfChat(ctx, integration.accountId, chatId, crmIntegrationId, target),
  );
  return outcome;
}
