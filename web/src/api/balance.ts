import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Currency } from '../../../functions/shared/constants';
import type { RecurrentPayment, Transaction, TransactionsPagination } from './payments';
import { useApi } from './swr';

/** One day of the usage chart: what answers cost, split by bot id and by channel (minor units). */
export interface SpendDay {
  /** YYYY-MM-DD, a UTC day. */
  date: string;
  total_minor: number;
  by_bot: Record<string, number>;
  by_channel: Record<string, number>;
}

/**
 * GET /api/balance (functions/services/billing/get-balance.ts): the balance, the currency minimum
 * below which bots stop (SPEC §9), whether it is critical (SPEC §4), and what the Balance screen
 * shows around it.
 */
export interface Balance {
  total_minor: number;
  currency: Currency;
  minimum_minor: number;
  critical: boolean;
  payments_configured: boolean;
  invoices_available: boolean;
  stats: { days: SpendDay[]; bots: { id: string; name: string }[] };
  transactions: Transaction[];
  pagination: TransactionsPagination;
  recurrent_payments: RecurrentPayment[];
}

export const BALANCE_PATH = '/api/balance';

export const useBalance = () => useApi<Balance>(BALANCE_PATH);

/** Every cached answer that money moving changes: balance, subscriptions, transactions, saved cards. */
const BILLING_PATHS = ['/api/balance', '/api/subscription', '/api/transactions', '/api/recurrent_payments'];

function isBillingKey(key: unknown): boolean {
  if (!Array.isArray(key) || typeof key[0] !== 'string') return false;
  const path: string = key[0];
  return !path.startsWith('/api/subscription/tariffs') && BILLING_PATHS.some((one) => path.startsWith(one));
}

/**
 * Reloads the billing data after a payment, a purchase or a settings change, so the balance,
 * the subscription list and the banners (critical balance, expiring) follow at once.
 */
export function useRefreshBilling() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isBillingKey), [mutate]);
}
