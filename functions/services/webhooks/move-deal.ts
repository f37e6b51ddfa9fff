import { and, eq } from 'drizzle-orm';
import { chats, integrations } from '../../../db/schema';
import type { DealMoved, DealTarget } from '../../integrations/module';
import { moduleFor } from '../../integrations/registry';
import { isUuid } from '../../shared/uuid';
import type { ServiceContext } from '../context';

/**
 * A dialogue's record moved in one of the account's CRMs outside an answer (a payment link paid,
 * issue #24 §3): the pipeline finds the CRM integration and the chat within the account and hands
 * them to the CRM module's `moveDeal`. What cannot be done comes back as a failed move, never thrown.
 */
export async function moveDealOfChat(
  ctx: ServiceContext,
  accountId: string,
  chatId: string,
  crmIntegrationId: string,
  target: DealTarget,
): Promise<DealMoved> {
  const gone: DealMoved = { ok: false, detail: 'the CRM integration is gone or off' };
  if (!isUuid(crmIntegrationId)) return gone;
  const [integration] = await ctx.ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, crmIntegrationId), eq(integrations.accountId, accountId)));
  const move = integration && moduleFor(integration.type)?.moveDeal;
  if (!integration?.activated || !move) return gone;
  const [chat] = await ctx.ports.db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.accountId, accountId)));
  if (!chat) return { ok: false, detail: 'the dialogue is gone' };
  return move(ctx, integration, chat, target);
}
