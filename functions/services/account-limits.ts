import { count, eq } from 'drizzle-orm';
import { bots, eventWebhookEndpoints, integrations } from '../../db/schema';
import { AppError } from '../shared/app-error';
import { MAX_BOTS, MAX_INTEGRATIONS } from '../shared/constants';
import { MAX_EVENT_WEBHOOK_ENDPOINTS } from '../shared/event-webhooks';
import type { AccountContext } from './context';

const LIMITED = {
  bots: { table: bots, max: MAX_BOTS, code: 'bots_limit' },
  integrations: { table: integrations, max: MAX_INTEGRATIONS, code: 'integrations_limit' },
  eventWebhooks: {
    table: eventWebhookEndpoints,
    max: MAX_EVENT_WEBHOOK_ENDPOINTS,
    code: 'event_webhooks_limit',
  },
} as const;

/**
 * Refuses a new bot, integration or event webhook endpoint once the account has the most it may: their lists are answered
 * whole, so their size is bounded here.
 */
export async function ensureRoomFor(ctx: AccountContext, kind: keyof typeof LIMITED): Promise<void> {
  const { table, max, code } = LIMITED[kind];
  const [existing] = await ctx.ports.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.accountId, ctx.account.id));
  if ((existing?.n ?? 0) >= max) throw new AppError(code, code, { params: { max } });
}
