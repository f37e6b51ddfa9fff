import type { Currency } from '../../../functions/shared/constants';
import { useApi } from './swr';

/** GET /api/balance: the account balance and the currency minimum below which bots stop (SPEC §9). */
export interface Balance {
  total_minor: number;
  currency: Currency;
  minimum_minor: number;
}

export const useBalance = () => useApi<Balance>('/api/balance');
