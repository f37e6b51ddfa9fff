import type { Chat, Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { recordName, recordOfChat } from '../chat-record';
import type { RetailClient } from './client';

/**
 * The order a dialogue's actions work on (chat-record.ts): RetailCRM's chats need not belong to an
 * order, so every dialogue gets its own, made once on its first action on the integration's site,
 * with the customer's name and phone when the channel gave them (RetailCRM makes the customer).
 */

export interface RetailOrder {
  id: number;
  status?: string;
  managerId?: number | null;
  customer?: { id?: number } | null;
  customFields?: Record<string, unknown>;
  [field: string]: unknown;
}

export function orderOfChat(ctx: EngineContext, chat: Chat, integration: Integration, api: RetailClient) {
  return recordOfChat(
    ctx,
    chat,
    integration,
    async () => {
      const answer = await api.post('orders/create', {
        site: api.site,
        order: {
          firstName: recordName(chat),
          ...(chat.customerPhone ? { phone: chat.customerPhone } : {}),
        },
      });
      if (typeof answer.id !== 'number') throw new Error('RetailCRM did not create the order');
      return String(answer.id);
    },
    'made',
  );
}

export async function readOrder(api: RetailClient, id: string): Promise<RetailOrder> {
  const answer = await api.get(`orders/${encodeURIComponent(id)}`, { by: 'id', site: api.site });
  return answer.order as RetailOrder;
}

export async function editOrder(api: RetailClient, id: string, order: Record<string, unknown>) {
  await api.post(`orders/${encodeURIComponent(id)}/edit`, { by: 'id', site: api.site, order });
}
