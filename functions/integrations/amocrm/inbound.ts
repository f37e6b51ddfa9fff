import { and, eq, inArray, sql } from 'drizzle-orm';
import { bots, type Integration, integrations } from '../../../db/schema';
import type { ChannelMessage } from '../../engine/integration-inbound';
import type { ServiceContext } from '../../services/context';
import type { AmoSelectionItem } from '../../shared/amocrm';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { withoutNul } from '../../shared/strip-nul';
import { withAmoApi } from './tokens';
import type { AmoWebhookMessage } from './webhook';

/**
 * amoCRM's chat messages read for the engine (reference/crm.md §1.12, §1.15). The customer writes
 * `incoming`; an `outgoing` message is a manager's (the bot's stop logic applies) unless a Salesbot
 * sent it, which is how the bot's own replies come back. Only chats of deals in the integration's
 * selection are answered; a WhatsApp chat the account also connected to us through Wazzup is left
 * to that channel, whose replies amoCRM shows in the same chat.
 */

/** Who wrote: the customer, a manager, or a Salesbot (the bot's own reply); null for a bot's. */
export function amoAuthor(message: AmoWebhookMessage): ChannelMessage['author'] | null {
  if (message.direction === 'incoming') return 'customer';
  return message.authorType === 'bot' ? null : 'operator';
}

export function amoChannelMessage(message: AmoWebhookMessage): ChannelMessage | null {
  const author = amoAuthor(message);
  if (!author) return null;
  const text = withoutNul(message.text).trim();
  const attachment = message.attachmentType ? `[${message.attachmentType}]` : '';
  const body = [attachment, text].filter(Boolean).join(' ');
  if (!body) return null;
  const refs: Record<string, string> = {};
  if (message.leadId) refs.lead_id = message.leadId;
  if (message.contactId) refs.contact_id = message.contactId;
  if (message.talkId) refs.talk_id = message.talkId;
  return {
    chatExternalId: message.chatId,
    messageExternalId: message.id,
    author,
    text: body,
    refs,
    ...(author === 'customer' ? { customer: { name: message.authorName } } : {}),
  };
}

/** The integration's selection: the (pipeline, status) pairs whose deals the bot works on. */
export function amoSelection(integration: Pick<Integration, 'connectionData'>): AmoSelectionItem[] {
  const selection = integration.connectionData.selection;
  return Array.isArray(selection)
    ? selection.filter(
        (item): item is AmoSelectionItem =>
          typeof item?.pipeline_id === 'string' && typeof item?.status_id === 'string',
      )
    : [];
}

const WHATSAPP_ORIGIN = /whatsapp|waba|wazzup/i;

/** Whether a bot answering this integration also answers a connected Wazzup channel. */
async function botAnswersWazzup(ctx: ServiceContext, integration: Integration): Promise<boolean> {
  const listening = await ctx.ports.db
    .select({ conditions: bots.conditions })
    .from(bots)
    .where(
      and(
        eq(bots.accountId, integration.accountId),
        sql`${bots.conditions}->'channels' @> ${JSON.stringify([integration.id])}::jsonb`,
      ),
    );
  const ids = listening.flatMap((bot) => bot.conditions.channels);
  if (ids.length === 0) return false;
  const rows = await ctx.ports.db
    .select({ data: integrations.connectionData, activated: integrations.activated })
    .from(integrations)
    .where(
      and(
        eq(integrations.accountId, integration.accountId),
        eq(integrations.type, 'wazzup'),
        inArray(
          integrations.id,
          ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
        ),
      ),
    );
  return rows.some((row) => row.activated && typeof row.data[CONNECTED_AT] === 'string');
}

/** The deal's (pipeline, status), read from amoCRM. */
async function dealPlace(ctx: ServiceContext, integration: Integration, leadId: string) {
  const lead = await withAmoApi(ctx, integration, (api) =>
    api.get<{ pipeline_id: number; status_id: number }>(`/api/v4/leads/${encodeURIComponent(leadId)}`),
  );
  return lead ? { pipeline_id: String(lead.pipeline_id), status_id: String(lead.status_id) } : null;
}

/** The messages of a delivery this integration answers, in order. */
export async function amoMessagesToAnswer(
  ctx: ServiceContext,
  integration: Integration,
  messages: AmoWebhookMessage[],
): Promise<ChannelMessage[]> {
  const selection = amoSelection(integration);
  const viaWazzup = messages.some((message) => WHATSAPP_ORIGIN.test(message.origin))
    ? await botAnswersWazzup(ctx, integration)
    : false;
  const places = new Map<string, boolean>();
  const kept: ChannelMessage[] = [];
  for (const message of messages) {
    if (viaWazzup && WHATSAPP_ORIGIN.test(message.origin)) continue;
    const read = amoChannelMessage(message);
    if (!read) continue;
    if (selection.length > 0 && read.author === 'customer') {
      const leadId = message.leadId;
      if (!leadId) continue;
      if (!places.has(leadId)) {
        const place = await dealPlace(ctx, integration, leadId);
        places.set(
          leadId,
          place !== null &&
            selection.some(
              (item) => item.pipeline_id === place.pipeline_id && item.status_id === place.status_id,
            ),
        );
      }
      if (!places.get(leadId)) continue;
    }
    kept.push(read);
  }
  return kept;
}
