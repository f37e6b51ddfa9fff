import type { SubscriptionKind } from '../../../db/schema/billing';
import type { Currency } from '../../../functions/shared/constants';
import { api } from './client';
import { isApiError } from './errors';
import { useApi } from './swr';

export type { SubscriptionKind };

export type SubscriptionStatus = 'active' | 'inactive' | 'in_advance' | 'expired';
export type TermId = '7d' | '1m' | '3m' | '6m' | '12m';

export interface SubscriptionItem {
  kind: SubscriptionKind;
  quantity: number;
}

/** GET /api/subscription item (functions/services/billing/subscription-view.ts, list-subscriptions.ts). */
export interface Subscription {
  /** 'demo' for the demo period, shown as a subscription of everything. */
  id: string;
  demo: 0 | 1;
  status: SubscriptionStatus;
  items: (SubscriptionItem & { used: number; available: number })[];
  term: { id: string; unit: 'day' | 'month'; count: number } | null;
  price_minor: number;
  currency: Currency;
  starts_at: string | null;
  expires_at: string | null;
  /** Whole days left (0 once over); null while unpaid. */
  expires_in: number | null;
  auto_renewal: boolean;
  renewal_of: string | null;
  renewed_by: string | null;
  settings: { next_items: SubscriptionItem[] | null };
  created_at: string;
}

export interface Term {
  id: TermId;
  unit: 'day' | 'month';
  count: number;
  discount_percent: number;
}

/** GET /api/subscription/tariffs: the terms and the monthly price of each kind. */
export interface Tariffs {
  currency: Currency;
  terms: Term[];
  tariffs: { kind: SubscriptionKind; month_minor: number }[];
}

/** POST /api/subscription: the constructor's price. */
export interface Quote {
  currency: Currency;
  term: Term;
  items: (SubscriptionItem & { month_minor: number; amount_minor: number })[];
  full_minor: number;
  discount_minor: number;
  total_minor: number;
  balance_minor: number;
  missing_minor: number;
}

/** What a 402 insufficient_balance answer says: how much is missing for which unpaid subscription. */
export interface Shortfall {
  message: string;
  missing_minor: number;
  currency: Currency;
  subscription_id: string;
}

export const SUBSCRIPTIONS_PATH = '/api/subscription';
const subscriptionPath = (id: string) => `${SUBSCRIPTIONS_PATH}/${encodeURIComponent(id)}`;

export const useSubscriptions = () => useApi<Subscription[]>(SUBSCRIPTIONS_PATH);

export const useTariffs = (currency: Currency | undefined) =>
  useApi<Tariffs>(currency ? `${SUBSCRIPTIONS_PATH}/tariffs?currency=${currency}` : null, {
    revalidateIfStale: false,
  });

export const quoteSubscription = (items: SubscriptionItem[], term: TermId) =>
  api<Quote>('POST', SUBSCRIPTIONS_PATH, { items, term });

export type BuyRequest = { items: SubscriptionItem[]; term: TermId } | { renew: string } | { id: string };

/** POST /api/subscription/new: buy from the balance, renew, or pay an unpaid one. */
export const buySubscription = (request: BuyRequest) =>
  api<Subscription>('POST', `${SUBSCRIPTIONS_PATH}/new`, request);

export const updateSubscription = (
  id: string,
  changes: { auto_renewal?: boolean; next_items?: SubscriptionItem[] | null },
) => api<Subscription>('PATCH', subscriptionPath(id), changes);

export const deleteSubscription = (id: string) => api<null>('DELETE', subscriptionPath(id));

/** The shortfall of a refused purchase, or null for any other failure. */
export function shortfallOf(error: unknown): Shortfall | null {
  if (!isApiError(error, 'insufficient_balance')) return null;
  const { missing_minor, currency, subscription_id } = error.details;
  if (typeof missing_minor !== 'number' || typeof subscription_id !== 'string') return null;
  return {
    message: error.serverMessage ?? '',
    missing_minor,
    currency: currency as Currency,
    subscription_id,
  };
}

/** A place a switch-on or a connection was refused for (402 subscription_required): the kind to add. */
export interface SubscriptionSuggestion {
  message: string;
  kind: SubscriptionKind;
  quantity: number;
}

export function suggestionOf(error: unknown): SubscriptionSuggestion | null {
  if (!isApiError(error, 'subscription_required')) return null;
  const suggestion = error.details.suggestion as { kind?: unknown; quantity?: unknown } | undefined;
  if (!suggestion || typeof suggestion.kind !== 'string') return null;
  return {
    message: error.serverMessage ?? '',
    kind: suggestion.kind as SubscriptionKind,
    quantity: typeof suggestion.quantity === 'number' ? suggestion.quantity : 1,
  };
}
