import type { Currency } from './constants';

export type PartnerStatusId = 'partner' | 'agency' | 'integrator';

/**
 * The partner statuses (SPEC §6; docs/partners.md repeats this table). A partner holds the highest
 * status whose count of paying accounts (its clients and the accounts that signed up through its
 * links, with at least one settled payment) it has reached. The discount applies to what it pays
 * for its clients; the shares are of its clients' and referred accounts' settled payments: a payment
 * for a subscription earns the subscription share, any other top-up the transaction share.
 */
export interface PartnerStatus {
  id: PartnerStatusId;
  payingAccounts: number;
  discountPercent: number;
  subscriptionSharePercent: number;
  transactionSharePercent: number;
}

export const PARTNER_STATUSES: readonly PartnerStatus[] = [
  {
    id: 'partner',
    payingAccounts: 0,
    discountPercent: 10,
    subscriptionSharePercent: 10,
    transactionSharePercent: 0,
  },
  {
    id: 'agency',
    payingAccounts: 5,
    discountPercent: 15,
    subscriptionSharePercent: 15,
    transactionSharePercent: 5,
  },
  {
    id: 'integrator',
    payingAccounts: 15,
    discountPercent: 20,
    subscriptionSharePercent: 20,
    transactionSharePercent: 10,
  },
];

export function partnerStatusFor(payingAccounts: number): PartnerStatus {
  let reached = PARTNER_STATUSES[0] as PartnerStatus;
  for (const status of PARTNER_STATUSES) if (payingAccounts >= status.payingAccounts) reached = status;
  return reached;
}

export const nextPartnerStatus = (current: PartnerStatus): PartnerStatus | null =>
  PARTNER_STATUSES.find((status) => status.payingAccounts > current.payingAccounts) ?? null;

/** A share or a discount of an amount in minor units, rounded down (never more than the rate). */
export const percentOf = (amountMinor: number, percent: number): number =>
  Math.floor((amountMinor * percent) / 100);

/**
 * Wazzup's referral bonus (reference/messengers.md §1.9): 1000 rub to a rub partner's balance once
 * per client, after the client's subscription with a Wazzup place for a month or more is paid.
 */
export const WAZZUP_BONUS_MINOR: Partial<Readonly<Record<Currency, number>>> = { rub: 100_000 };
