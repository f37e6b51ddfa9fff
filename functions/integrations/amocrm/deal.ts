import type { Chat, Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { recordName, recordOfChat } from '../chat-record';
import type { AmoClient } from './client';

/**
 * The deal a dialogue's actions work on (chat-record.ts): the chat's own deal when it came from this
 * amoCRM, else a deal made for the dialogue in the account's main pipeline.
 */
export function dealOfChat(ctx: EngineContext, chat: Chat, integration: Integration, api: AmoClient) {
  return recordOfChat(ctx, chat, integration, async () => {
    const answer = await api.post<{ _embedded?: { leads?: { id: number }[] } }>('/api/v4/leads', [
      { name: recordName(chat) },
    ]);
    const id = answer?._embedded?.leads?.[0]?.id;
    if (!id) throw new Error('amoCRM did not create the deal');
    return String(id);
  });
}
