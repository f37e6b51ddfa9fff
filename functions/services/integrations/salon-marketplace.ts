import { and, eq, sql } from 'drizzle-orm';
import { integrations } from '../../../db/schema';
import { readMarketplaceEvent } from '../../integrations/yclients/marketplace-events';
import { notFound, unauthorized } from '../../shared/app-error';
import { isSalonType } from '../../shared/booking';
import type { ServiceContext } from '../context';
import { letGoOfConnection } from './integrations';

/**
 * POST /api/webhooks/{yclients|altegio}/marketplace: the salon removed or froze our application in
 * the marketplace. Every integration connected to that salon from the marketplace lets go of it
 * (shows as not connected; the owner's settings stay). A body without our partner token is 401;
 * other events are acknowledged and change nothing.
 */
export async function receiveSalonMarketplaceEvent(
  ctx: ServiceContext,
  type: string,
  body: unknown,
): Promise<{ released: number }> {
  if (!isSalonType(type)) throw notFound();
  const event = await readMarketplaceEvent(ctx.settings, type, body);
  if (event === 'forged') throw unauthorized();
  if (!event) return { released: 0 };
  const rows = await ctx.ports.db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.type, type),
        sql`${integrations.connectionData}->>'via' = 'marketplace'`,
        sql`${integrations.connectionData}->'salon_ids' ? ${event.salonId}`,
      ),
    );
  for (const row of rows) await letGoOfConnection(ctx, row);
  return { released: rows.length };
}
