import { moduleFor } from '../../integrations/registry';
import { notFound } from '../../shared/app-error';
import type { AccountContext } from '../context';
import { ownIntegration } from './own-integration';

/**
 * The secret an account's system signs its webhooks with, for types whose server makes it (the API
 * channel): GET shows the one made on connecting the first time only (`secret: null` after);
 * POST makes a new one and shows it this once. Another account's integration, or a type without
 * such a secret, is a 404.
 */
async function ownSigning(ctx: AccountContext, id: string) {
  const integration = await ownIntegration(ctx, id);
  const signing = moduleFor(integration.type)?.signingSecret;
  if (!signing) throw notFound();
  return { integration, signing };
}

export async function revealSigningSecret(
  ctx: AccountContext,
  id: string,
): Promise<{ secret: string | null }> {
  const { integration, signing } = await ownSigning(ctx, id);
  return { secret: await signing.reveal(integration, ctx) };
}

export async function rotateSigningSecret(ctx: AccountContext, id: string): Promise<{ secret: string }> {
  const { integration, signing } = await ownSigning(ctx, id);
  return { secret: await signing.rotate(integration, ctx) };
}
