import type { Chat, Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { recordName, recordOfChat } from '../chat-record';
import type { BitrixClient } from './client';

/**
 * The deal a dialogue's actions work on (chat-record.ts): the deal an Open Lines chat is bound to,
 * else one made once for the dialogue in the general pipeline.
 */

export interface BitrixDeal {
  ID: string;
  CATEGORY_ID?: string | number | null;
  STAGE_ID?: string;
  ASSIGNED_BY_ID?: string | number | null;
  CONTACT_ID?: string | number | null;
  COMPANY_ID?: string | number | null;
  [field: string]: unknown;
}

export function dealOfChat(ctx: EngineContext, chat: Chat, integration: Integration, api: BitrixClient) {
  return recordOfChat(
    ctx,
    chat,
    integration,
    async () => {
      const id = await api.result<number | string>('crm.deal.add', { fields: { TITLE: recordName(chat) } });
      if (!id) throw new Error('Bitrix24 did not create the deal');
      return String(id);
    },
    'made',
  );
}

export const dealById = (api: BitrixClient, id: string) =>
  api.result<BitrixDeal>('crm.deal.get', { id: Number(id) });
