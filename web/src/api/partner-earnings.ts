import type { Currency } from '../../../functions/shared/constants';
import { useApi } from './swr';

export type EarningsBy = 'month' | 'client';

interface EarningFigures {
  earned_minor: number;
  reversed_minor: number;
  net_minor: number;
  payments: number;
}

export type EarningsRow = EarningFigures & ({ month: string } | { client: { id: string; name: string } });

/** GET /api/partner/earnings: the Integrator shares credited, by month or by client (issue #23 §3). */
export interface Earnings {
  currency: Currency;
  total_minor: number;
  items: EarningsRow[];
}

export const usePartnerEarnings = (by: EarningsBy) =>
  useApi<Earnings>(`/api/partner/earnings?by=${by}`, { keepPreviousData: true });
