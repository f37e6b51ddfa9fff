import { type ChannelSender, integrationOfChat } from '../../channels/channel';
import { safeErrorText } from '../../shared/safe-error';
import { learned } from './account';
import { withAmoApi } from './tokens';

/**
 * The bot's replies into an amoCRM chat (reference/crm.md §1.14, §1.15 pattern A): amoCRM offers no
 * API to write into chats of other vendors' channels, so the reply is written to the deal's reply
 * field and the owner's Salesbot, whose one step sends `{{lead.cf.<field>}}`, is run for the deal:
 * `POST /api/v2/salesbot/run`. A Salesbot's message comes back by webhook as an outgoing message
 * of a bot, which the inbound half ignores. An operator's answer written in Chats goes the same way.
 * Failures are logged, not retried: a second run could send the reply twice.
 */

/** Salesbot entity types: 1 contact, 2 lead. */
const LEAD = 2;

export const amoSender: ChannelSender = {
  async deliver(ctx, chat, message) {
    const integration = await integrationOfChat(ctx, chat);
    const leadId = chat.channelRefs.lead_id;
    const salesbotId = integration ? learned(integration, 'salesbot_id') : null;
    const fieldId = integration ? learned(integration, 'reply_field_id') : null;
    if (!integration?.activated || !leadId || !salesbotId || !fieldId) {
      console.warn(
        `${chat.channel} chat ${chat.id}: the integration is gone or off, the chat has no deal, or no Salesbot is set; not sent`,
      );
      return;
    }
    try {
      await withAmoApi(ctx, integration, async (api) => {
        await api.patch(`/api/v4/leads/${encodeURIComponent(leadId)}`, {
          custom_fields_values: [{ field_id: Number(fieldId), values: [{ value: message.text }] }],
        });
        await api.post('/api/v2/salesbot/run', [
          { bot_id: Number(salesbotId), entity_id: Number(leadId), entity_type: LEAD },
        ]);
      });
    } catch (error) {
      console.error(`${chat.channel} chat ${chat.id}: not sent: ${safeErrorText(error)}`);
    }
  },
  // Customers in amoCRM never see why no answer came; the owner reads History.
  async explain() {},
};
