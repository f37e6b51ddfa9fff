import type { Chat, Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { recordName, recordOfChat } from '../chat-record';
import type { AlfaClient } from './client';

/**
 * The lead a dialogue's actions work on (chat-record.ts): AlfaCRM brings no chats, so every
 * dialogue gets its own lead (a customer with is_study = 0) in the integration's branch, made once
 * on its first action, with the customer's phone when the channel gave one.
 */

export const alfaBranchOf = (integration: Integration) => {
  const value = integration.connectionData.branch_id;
  return typeof value === 'string' && value ? Number(value) : 1;
};

export function leadOfChat(ctx: EngineContext, chat: Chat, integration: Integration, api: AlfaClient) {
  return recordOfChat(ctx, chat, integration, async () => {
    const created = await api.create<{ id?: number }>('customer', {
      name: recordName(chat),
      is_study: 0,
      branch_ids: [alfaBranchOf(integration)],
      ...(chat.customerPhone ? { phone: [chat.customerPhone] } : {}),
    });
    if (!created.id) throw new Error('AlfaCRM did not create the lead');
    return String(created.id);
  });
}
