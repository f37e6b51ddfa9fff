import type { Currency } from '../../../functions/shared/constants';
import { api } from './client';
import { useApi } from './swr';

export type TransactionOperation = 'top_up' | 'subscription' | 'renewal' | 'invoice' | 'storage';
/** `refunded`: a payment the provider gave back in full; its money left the balance again. */
export type TransactionStatus = 'paid' | 'not_paid' | 'write_off' | 'refunded';

/** A transaction as the Balance screen lists it (functions/services/payments/transaction-view.ts). */
export interface Transaction {
  id: string;
  date: string;
  paid_at: string | null;
  operation: TransactionOperation;
  status: TransactionStatus;
  amount_minor: number;
  currency: Currency;
  comment: string;
  /** Why a payment is not paid (the provider's status or message). */
  reason: string | null;
  provider: string;
  subscription_id: string | null;
  invoice_number: number | null;
  invoice_url: string | null;
  act_number: number | null;
  act_url: string | null;
  /** The provider's payment page of a payment still waiting for money. */
  payment_url: string | null;
}

export interface TransactionsPagination {
  page: number;
  per_page: number;
  total: number;
  pages: number;
}

export interface TransactionsPage {
  items: Transaction[];
  pagination: TransactionsPagination;
}

/** GET /api/recurrent_payments item: a card the owner allowed us to charge for renewals. */
export interface RecurrentPayment {
  id: string;
  provider: string;
  currency: Currency;
  recurrent_type: string;
  label: string | null;
  created_at: string;
}

export interface TransactionsQuery {
  page: number;
  /** YYYY-MM-DD, inclusive; empty for no bound. */
  from: string;
  to: string;
}

export function transactionsPath(query: TransactionsQuery): string {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return `/api/transactions?${params}`;
}

export const useTransactions = (query: TransactionsQuery) =>
  useApi<TransactionsPage>(transactionsPath(query), { keepPreviousData: true });

export interface PaymentLinkRequest {
  currency: Currency;
  amount_minor: number;
  /** Save the card for automatic subscription renewals. */
  recurrent: boolean;
  /** An unpaid subscription the money pays as soon as it arrives. */
  subscription_id?: string;
}

/** POST /api/payment/link: the provider's payment page; the browser comes back to /balance?payment=…. */
export const createPaymentLink = (request: PaymentLinkRequest) =>
  api<{ url: string; transaction_id: string }>('POST', '/api/payment/link', {
    currency: request.currency,
    operation: 'top_up',
    amount_minor: request.amount_minor,
    recurrent: request.recurrent,
    recurrent_type: 'subscriptions',
    agree: true,
    ...(request.subscription_id ? { subscription_id: request.subscription_id } : {}),
  });

/** Starts a payment: asks for the link and leaves for the provider's page. */
export async function goToPayment(request: PaymentLinkRequest): Promise<void> {
  const { url } = await createPaymentLink(request);
  window.location.assign(url);
}

export const cancelRecurrentPayment = (id: string) =>
  api<null>('POST', `/api/recurrent_payments/${encodeURIComponent(id)}/cancel`);
