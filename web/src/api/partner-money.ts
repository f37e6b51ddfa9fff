import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Currency } from '../../../functions/shared/constants';
import type { PartnerStatusId } from '../../../functions/shared/partner-programme';
import { PARTNER_OPERATION_KINDS } from '../../../functions/shared/schemas/partner';
import { api } from './client';
import { isApiError } from './errors';
import { CLIENTS_PATH } from './partner';
import type { Transaction, TransactionsPage, TransactionsQuery } from './payments';
import { transactionsPath } from './payments';
import type { SubscriptionItem, TermId } from './subscriptions';
import { useApi } from './swr';

/** GET /api/partner/summary: the partner balance and status (issue #23 §2–3). */
export interface PartnerSummary {
  balance_minor: number;
  currency: Currency;
  status: PartnerStatusId;
  discount_percent: number;
  subscription_share_percent: number;
  transaction_share_percent: number;
  paying_accounts: number;
  next_status: { id: PartnerStatusId; paying_accounts: number } | null;
  /** Null when the partner's currency has no Wazzup bonus. */
  wazzup_bonus_minor: number | null;
}

export const PARTNER_SUMMARY_PATH = '/api/partner/summary';

export const usePartnerSummary = (enabled = true) =>
  useApi<PartnerSummary>(enabled ? PARTNER_SUMMARY_PATH : null);

/** What a partner pays for a client: a new subscription, one of its unpaid ones, or a top-up. */
export type ClientPurchase =
  | { items: SubscriptionItem[]; term: TermId }
  | { subscription_id: string }
  | { amount_minor: number };

/** POST /api/partner/clients/:id/quote: the client's price, the partner's discount and what it pays. */
export interface PartnerQuote {
  currency: Currency;
  /** The client's price (for a subscription, after the term's discount). */
  full_minor: number;
  discount_percent: number;
  discount_minor: number;
  total_minor: number;
  balance_minor: number;
  missing_minor: number;
  term?: { id: TermId; unit: 'day' | 'month'; count: number; discount_percent: number };
  items?: (SubscriptionItem & { month_minor: number; amount_minor: number })[];
}

export interface PartnerPayment {
  operation_id: string;
  subscription_id: string | null;
  total_minor: number;
  balance_minor: number;
}

/** GET /api/partner/clients/:id/subscriptions item. */
export interface ClientSubscription {
  id: string;
  paid: boolean;
  price_minor: number;
  currency: Currency;
  expires_at: string | null;
  term: { unit: 'day' | 'month'; count: number };
  items: SubscriptionItem[];
}

const clientPath = (clientId: string, rest: string) =>
  `${CLIENTS_PATH}/${encodeURIComponent(clientId)}/${rest}`;

export const useClientSubscriptions = (clientId: string | null) =>
  useApi<{ items: ClientSubscription[] }>(clientId ? clientPath(clientId, 'subscriptions') : null);

export const quoteForClient = (clientId: string, purchase: ClientPurchase) =>
  api<PartnerQuote>('POST', clientPath(clientId, 'quote'), purchase);

/** Pays once per `request_id`: the same id again answers the first payment, nothing is paid twice. */
export const payForClient = (clientId: string, purchase: ClientPurchase, requestId: string) =>
  api<PartnerPayment>('POST', clientPath(clientId, 'pay'), { ...purchase, request_id: requestId });

/** A client in another currency than the partner's cannot be paid for from the partner balance. */
export const isCurrencyMismatch = (error: unknown) => isApiError(error, 'partner_currency_mismatch');

/** The kinds of the partner balance's movements, in the order the filter offers them. */
export const OPERATION_KINDS = PARTNER_OPERATION_KINDS;
export type OperationKind = (typeof PARTNER_OPERATION_KINDS)[number];

/** GET /api/partner/operations item: a movement of the partner balance, signed. */
export interface PartnerOperation {
  id: string;
  created_at: string;
  kind: OperationKind;
  amount_minor: number;
  currency: Currency;
  client: { id: string; name: string } | null;
  comment: string;
  base_minor: number | null;
  rate_percent: number | null;
  status: string | null;
}

export interface OperationsQuery {
  kind: OperationKind | '';
  client_id: string;
  from: string;
  to: string;
  page: number;
}

export interface OperationsPage {
  items: PartnerOperation[];
  pagination: { page: number; per_page: number; total: number; pages: number };
}

export function operationsPath(query: OperationsQuery): string {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.kind) params.set('kind', query.kind);
  if (query.client_id) params.set('client_id', query.client_id);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return `/api/partner/operations?${params}`;
}

export const usePartnerOperations = (query: OperationsQuery) =>
  useApi<OperationsPage>(operationsPath(query), { keepPreviousData: true });

/** The partner purse's payments (top-ups by card and invoices), as the Balance screen lists its own. */
export const partnerTransactionsPath = (query: TransactionsQuery) =>
  `${transactionsPath(query)}&purse=partner`;

export const usePartnerTransactions = (query: TransactionsQuery) =>
  useApi<TransactionsPage>(partnerTransactionsPath(query), { keepPreviousData: true });

/** POST /api/payment/link for the partner balance: no card is saved, nothing is bought with it. */
export async function goToPartnerPayment(currency: Currency, amountMinor: number): Promise<void> {
  const { url } = await api<{ url: string; transaction_id: string }>('POST', '/api/payment/link', {
    currency,
    operation: 'top_up',
    amount_minor: amountMinor,
    agree: true,
    purse: 'partner',
  });
  window.location.assign(url);
}

/** POST /api/payment/invoice for the partner balance (rub). */
export const createPartnerInvoice = (amount_minor: number, requisites: object) =>
  api<{ transaction: Transaction; invoice_url: string }>('POST', '/api/payment/invoice', {
    amount_minor,
    requisites,
    purse: 'partner',
  });

const PARTNER_MONEY_PATHS = [
  PARTNER_SUMMARY_PATH,
  '/api/partner/operations',
  '/api/partner/clients',
  '/api/profile',
];

/** Reloads what a payment for a client changes: the summary, the operations, the clients, the profile. */
export function useRefreshPartner() {
  const { mutate } = useSWRConfig();
  return useCallback(
    () =>
      mutate(
        (key) =>
          Array.isArray(key) &&
          typeof key[0] === 'string' &&
          PARTNER_MONEY_PATHS.some((path) => (key[0] as string).startsWith(path)),
      ),
    [mutate],
  );
}
