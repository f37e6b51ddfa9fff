import { and, eq } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import { notFound } from '../../http/errors';
import type { AccountContext } from '../context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const integrationNotFound = () => notFound('integration_not_found');

/** The condition that finds integration `id` of the asking account only; a malformed id is a 404 too. */
export function ownIntegrationWhere(ctx: AccountContext, id: string) {
  if (!UUID.test(id)) throw integrationNotFound();
  return and(eq(integrations.id, id), eq(integrations.accountId, ctx.account.id));
}

export async function ownIntegration(ctx: AccountContext, id: string): Promise<Integration> {
  const [row] = await ctx.ports.db.select().from(integrations).where(ownIntegrationWhere(ctx, id));
  if (!row) throw integrationNotFound();
  return row;
}
