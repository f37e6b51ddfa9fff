import { asc, eq } from 'drizzle-orm';
import { type IntegrationType, integrations } from '../../../db/schema';
import type { AccountContext } from '../context';
import { isConnected } from '../integrations/integration-view';

/**
 * The account's connected integrations: type → id of the oldest connected one of that type. One that
 * is only saved and never connected does not count: a template cannot work with it.
 */
export async function connectedIntegrationsByType(
  ctx: AccountContext,
): Promise<Map<IntegrationType, string>> {
  const rows = await ctx.ports.db
    .select({ id: integrations.id, type: integrations.type, connectionData: integrations.connectionData })
    .from(integrations)
    .where(eq(integrations.accountId, ctx.account.id))
    .orderBy(asc(integrations.createdAt), asc(integrations.id));
  const byType = new Map<IntegrationType, string>();
  for (const row of rows) {
    if (isConnected(row) && !byType.has(row.type)) byType.set(row.type, row.id);
  }
  return byType;
}

/** The account's integrations: id → type, for the one-account-per-type rule (SPEC §5). */
export async function integrationTypesById(ctx: AccountContext): Promise<Map<string, IntegrationType>> {
  const rows = await ctx.ports.db
    .select({ id: integrations.id, type: integrations.type })
    .from(integrations)
    .where(eq(integrations.accountId, ctx.account.id));
  return new Map(rows.map((row) => [row.id, row.type]));
}
