import type { Currency } from '../../../functions/shared/constants';
import { useApi } from './swr';

export type HistoryStatus = 'success' | 'error';

/** GET /api/history item: one answer (or failure) of a bot and its price. */
export interface HistoryItem {
  id: string;
  date: string;
  price_minor: number;
  /** Answered with the account's own ChatGPT key: not charged by us. */
  own_key: boolean;
  /** The answer searched the bot's knowledge base: the search's tokens are in the price. */
  knowledge: { tokens: number; sources: string } | null;
  currency: Currency;
  bot: { id: string; name: string } | null;
  source: string;
  channel: string;
  message: string;
  response: string | null;
  event: string;
  /** The dialogue (chat) id. */
  dialog: string | null;
  status: HistoryStatus;
  error: string | null;
}

export interface HistoryPage {
  items: HistoryItem[];
  page: number;
  per_page: number;
  total: number;
  pages: number;
}

export interface HistoryQuery {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  status: HistoryStatus | null;
  page: number;
  perPage: number;
}

export function historyPath(query: HistoryQuery): string {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.status) params.set('status', query.status);
  params.set('page', String(query.page));
  params.set('per_page', String(query.perPage));
  return `/api/history?${params}`;
}

export const useHistory = (query: HistoryQuery) =>
  useApi<HistoryPage>(historyPath(query), { keepPreviousData: true });
