import { moduleFor } from '../../integrations/registry';
import type { ApiChannelDeadLetter } from '../../shared/api-channel';
import { notFound } from '../../shared/app-error';
import type { AccountContext } from '../context';
import { ownIntegration } from './own-integration';

/**
 * Callbacks to the account's own address that were given up (the API channel's), listed with the
 * reason, and one tried again. Another account's integration, a type without them, or an id that is
 * not one of its dead letters is a 404.
 */
async function ownDeadLetters(ctx: AccountContext, id: string) {
  const integration = await ownIntegration(ctx, id);
  const letters = moduleFor(integration.type)?.deadLetters;
  if (!letters) throw notFound();
  return { integration, letters };
}

export async function listDeadLetters(
  ctx: AccountContext,
  id: string,
): Promise<{ items: ApiChannelDeadLetter[] }> {
  const { integration, letters } = await ownDeadLetters(ctx, id);
  return { items: await letters.list(integration, ctx) };
}

export async function retryDeadLetter(
  ctx: AccountContext,
  id: string,
  letterId: string,
): Promise<{ ok: true }> {
  const { integration, letters } = await ownDeadLetters(ctx, id);
  if (!(await letters.retry(integration, ctx, letterId))) throw notFound();
  return { ok: true };
}
