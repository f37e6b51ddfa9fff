import { asc, eq } from 'drizzle-orm';
import { type IntegrationType, integrations } from '../../../db/schema';
import type { AccountContext } from '../context';
import { isConnected } from '../integrations/integration-view';

/** What templates need of the account's connected integrations. */
export interface ConnectedIntegrations {
  /** Type → id of the oldest connected one of that type. */
  byType: Map<IntegrationType, string>;
  /** Id → the branch ids a salon's connection learned (a template's Get branches offers them all). */
  branchesById: Map<string, string[]>;
}

/**
 * The account's connected integrations. One that is only saved and never connected does not count:
 * a template cannot work with it.
 */
export async function connectedIntegrations(ctx: AccountContext): Promise<ConnectedIntegrations> {
  const rows = await ctx.ports.db
    .select({ id: integrations.id, type: integrations.type, connectionData: integrations.connectionData })
    .from(integrations)
    .where(eq(integrations.accountId, ctx.account.id))
    .orderBy(asc(integrations.createdAt), asc(integrations.id));
  const byType = new Map<IntegrationType, string>();
  const branchesById = new Map<string, string[]>();
  for (const row of rows) {
    if (!isConnected(row) || byType.has(row.type)) continue;
    byType.set(row.type, row.id);
    const branches = row.connectionData.branches;
    if (Array.isArray(branches))
      branchesById.set(
        row.id,
        branches.map((branch) => String((branch as { id?: unknown }).id ?? '')).filter(Boolean),
      );
  }
  return { byType, branchesById };
}

/** The account's integrations: id → type, for the one-account-per-type rule (SPEC §5). */
export async function integrationTypesById(ctx: AccountContext): Promise<Map<string, IntegrationType>> {
  const rows = await ctx.ports.db
    .select({ id: integrations.id, type: integrations.type })
    .from(integrations)
    .where(eq(integrations.accountId, ctx.account.id));
  return new Map(rows.map((row) => [row.id, row.type]));
}
