import type { Integration } from '../../../db/schema';
import type { ServiceContext } from '../../services/context';
import { sameSecret } from '../../shared/same-secret';
import type { WebhookRequest } from '../module';
import { rememberLearned, verifyTokenFor } from './account';

/**
 * Meta's verification request (reference/whatsapp-cloud.md §2.2), sent when the owner saves the
 * callback URL and verify token in the app's dashboard: `hub.mode=subscribe`, our verify token,
 * and `hub.challenge`, answered as plain text. It carries no signature. The first success is kept
 * (`webhook_verified_at`), so the settings page can say Meta has the address.
 */

/** Meta sends a number; anything printable and short is echoed, nothing else. */
const CHALLENGE = /^[\x21-\x7e]{1,256}$/;

export async function whatsappHandshake(
  ctx: ServiceContext,
  integration: Integration,
  request: WebhookRequest,
): Promise<string | null> {
  const challenge = request.query('hub.challenge') ?? '';
  const given = request.query('hub.verify_token') ?? '';
  if (request.query('hub.mode') !== 'subscribe' || !CHALLENGE.test(challenge) || !given) return null;
  if (!sameSecret(given, verifyTokenFor(ctx.settings, integration))) return null;
  if (typeof integration.connectionData.webhook_verified_at !== 'string')
    await rememberLearned(ctx, integration, { webhook_verified_at: ctx.ports.clock.now().toISOString() });
  return challenge;
}
