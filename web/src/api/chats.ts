import { useSWRConfig } from 'swr';
import type { Currency } from '../../../functions/shared/constants';
import type { BulkAction } from '../../../functions/shared/schemas/chats';
import { api } from './client';
import { useApi } from './swr';

export type ChatState = 'working' | 'stopped' | 'paused';
export type ChatAuthor = 'customer' | 'operator' | 'bot' | 'system';
/** SPEC §4 pause codes: 1 forever, 2 one day, 3 one hour, 4 ten minutes. */
export type PauseCode = 1 | 2 | 3 | 4;

/**
 * No browser socket reaches the rooms in every shape yet, so the list and the open dialogue are
 * polled: new messages show up within this time.
 */
export const CHATS_REFRESH_MS = 3000;

export interface ChatStopView {
  id: string;
  state: ChatState;
  pause_code: PauseCode | null;
  paused_until: string | null;
}

/** GET /api/chats item. */
export interface ChatItem extends ChatStopView {
  bot: { id: string; name: string } | null;
  channel: string;
  external_id: string;
  last_message: { text: string; author: ChatAuthor; created_at: string } | null;
  last_message_at: string;
}

export interface ChatMessage {
  id: string;
  author: ChatAuthor;
  text: string;
  created_at: string;
  price_minor: number | null;
  currency: Currency | null;
}

export interface ChatDetail extends ChatItem {
  messages: ChatMessage[];
}

export interface ChatsPage {
  items: ChatItem[];
  page: number;
  per_page: number;
  total: number;
  pages: number;
}

export interface ChatsQuery {
  search: string;
  state: ChatState | null;
  page: number;
}

export function chatsPath(query: ChatsQuery): string {
  const params = new URLSearchParams();
  if (query.search.trim()) params.set('search', query.search.trim());
  if (query.state) params.set('state', query.state);
  params.set('page', String(query.page));
  return `/api/chats?${params}`;
}

export const useChats = (query: ChatsQuery) =>
  useApi<ChatsPage>(chatsPath(query), { keepPreviousData: true, refreshInterval: CHATS_REFRESH_MS });

export const useChat = (id: string | null) =>
  useApi<ChatDetail>(id ? `/api/chats/${encodeURIComponent(id)}` : null, {
    refreshInterval: CHATS_REFRESH_MS,
  });

const chatPath = (id: string) => `/api/chats/${encodeURIComponent(id)}`;

export const pauseChat = (id: string, code: PauseCode | null) =>
  api<ChatStopView>('POST', `${chatPath(id)}/pause`, { code });
export const stopChat = (id: string) => api<ChatStopView>('POST', `${chatPath(id)}/stop`);
export const startChat = (id: string) => api<ChatStopView>('POST', `${chatPath(id)}/start`);
export const deleteChat = (id: string) => api<null>('DELETE', chatPath(id));
export const bulkChats = (ids: string[], action: BulkAction) =>
  api<{ action: BulkAction; count: number }>('POST', '/api/chats/bulk', { ids, action });
export const sendOperatorMessage = (id: string, text: string) =>
  api<ChatStopView & { message: ChatMessage }>('POST', `${chatPath(id)}/messages`, { text });
export const summarizeChat = (id: string) =>
  api<{ summary: string | null }>('POST', `${chatPath(id)}/summary`);

/** Refreshes every loaded page of the chat list (after a change made in the open dialogue). */
export function useRefreshChatList() {
  const { mutate } = useSWRConfig();
  return () =>
    void mutate(
      (key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/api/chats?'),
    );
}
