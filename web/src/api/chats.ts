import { useSWRConfig } from 'swr';
import type { Currency } from '../../../functions/shared/constants';
import type { BulkAction } from '../../../functions/shared/schemas/chats';
import type { MessageAttachment } from '../components/MessageAttachments';
import { api } from './client';
import { useApi } from './swr';

export type ChatState = 'working' | 'stopped' | 'paused';
export type ChatAuthor = 'customer' | 'operator' | 'bot' | 'system';
/** SPEC §4 pause codes: 1 forever, 2 one day, 3 one hour, 4 ten minutes. */
export type PauseCode = 1 | 2 | 3 | 4;

/**
 * The Chats screen follows the account's room (useLiveRoom); while its socket is closed the list and
 * the open dialogue are polled instead, so new messages still show up within this time.
 */
export const CHATS_REFRESH_MS = 3000;

const refreshUnlessLive = (live: boolean) => (live ? 0 : CHATS_REFRESH_MS);

export interface ChatStopView {
  id: string;
  state: ChatState;
  pause_code: PauseCode | null;
  paused_until: string | null;
}

/** Who the customer is, as the channel named them; null where it did not say. */
export interface ChatCustomer {
  name: string | null;
  phone: string | null;
  username: string | null;
}

/** GET /api/chats item. */
export interface ChatItem extends ChatStopView {
  bot: { id: string; name: string } | null;
  channel: string;
  external_id: string;
  customer: ChatCustomer;
  last_message: { text: string; author: ChatAuthor; created_at: string } | null;
  last_message_at: string;
  /** The customer's messages the owner has not seen yet (opening the chat marks them read). */
  unread: number;
}

export interface ChatMessage {
  id: string;
  author: ChatAuthor;
  text: string;
  created_at: string;
  price_minor: number | null;
  currency: Currency | null;
  /** Files the bot sent with the message. */
  attachments?: MessageAttachment[];
}

/** GET /api/chats/{id}: the chat and one page of its dialogue (the newest, unless `before` is given). */
export interface ChatDetail extends ChatItem {
  messages: ChatMessage[];
  /** The id to pass as `before` for the page of older messages; null when this page starts the dialogue. */
  next_before: string | null;
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

/** The account's room: it names each chat that gets a message or changes state. */
export const CHATS_LIVE_PATH = '/api/chats/live';

export const useChats = (query: ChatsQuery, live: boolean) =>
  useApi<ChatsPage>(chatsPath(query), { keepPreviousData: true, refreshInterval: refreshUnlessLive(live) });

const chatPath = (id: string) => `/api/chats/${encodeURIComponent(id)}`;

export const useChat = (id: string | null, live: boolean) =>
  useApi<ChatDetail>(id ? chatPath(id) : null, { refreshInterval: refreshUnlessLive(live) });

/** The page of messages before message `before` (older pages are loaded on demand, not polled). */
export const chatPageBefore = (id: string, before: string) =>
  api<ChatDetail>('GET', `${chatPath(id)}?before=${encodeURIComponent(before)}`);

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

/** Refreshes one chat's dialogue wherever it is shown. */
export function useRefreshChat() {
  const { mutate } = useSWRConfig();
  return (id: string) => void mutate((key) => Array.isArray(key) && key[0] === chatPath(id));
}
