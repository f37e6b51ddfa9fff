import { and, eq, sql } from 'drizzle-orm';
import { integrations } from '../../../db/schema';
import { readAmoDisconnectHook } from '../../integrations/amocrm/disconnect-hook';
import { unauthorized } from '../../shared/app-error';
import type { ServiceContext } from '../context';
import { letGoOfConnection } from './integrations';

/**
 * GET /api/webhooks/amo/disconnect: the owner turned our integration off in amoCRM / Kommo, whose
 * grant is revoked. Every integration of that account lets go of its tokens and shows as not
 * connected; the owner's settings stay, so connecting again restores it. A forged hook is 401.
 */
export async function receiveAmoDisconnect(
  ctx: ServiceContext,
  query: (name: string) => string | undefined,
): Promise<{ disconnected: number }> {
  const hook = await readAmoDisconnectHook(ctx.settings, query);
  if (!hook) throw unauthorized();
  const rows = await ctx.ports.db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.type, hook.type),
        sql`${integrations.connectionData}->>'account_id' = ${hook.accountId}`,
      ),
    );
  for (const row of rows) await letGoOfConnection(ctx, row);
  return { disconnected: rows.length };
}
