import { and, eq } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import { notFound } from '../../shared/app-error';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';

export const integrationNotFound = () => notFound('integration_not_found');

/** The condition that finds integration `id` of the asking account only; a malformed id is a 404 too. */
export function ownIntegrationWhere(ctx: AccountContext, id: string) {
  if (!isUuid(id)) throw integrationNotFound();
  return and(eq(integrations.id, id), eq(integrations.accountId, ctx.account.id));
}

export async function ownIntegration(ctx: AccountContext, id: string): Promise<Integration> {
  const [row] = await ctx.ports.db.select().from(integrations).where(ownIntegrationWhere(ctx, id));
  if (!row) throw integrationNotFound();
  return row;
}
