import { nextPartnerStatus, partnerStatusFor, WAZZUP_BONUS_MINOR } from '../../shared/partner-programme';
import type { AccountContext } from '../context';
import { partnerBalanceOf, payingAccountsOf } from './partner-balance';
import { requirePartner } from './partner-only';

/** GET /api/partner/summary: the partner balance, the status it holds and what the next one takes. */
export async function partnerSummary(ctx: AccountContext) {
  const partner = requirePartner(ctx);
  const { db } = ctx.ports;
  const [balance, paying] = await Promise.all([
    partnerBalanceOf(db, partner),
    payingAccountsOf(db, partner.id),
  ]);
  const status = partnerStatusFor(paying);
  const next = nextPartnerStatus(status);
  return {
    balance_minor: balance,
    currency: partner.currency,
    status: status.id,
    discount_percent: status.discountPercent,
    subscription_share_percent: status.subscriptionSharePercent,
    transaction_share_percent: status.transactionSharePercent,
    paying_accounts: paying,
    next_status: next ? { id: next.id, paying_accounts: next.payingAccounts } : null,
    wazzup_bonus_minor: WAZZUP_BONUS_MINOR[partner.currency] ?? null,
  };
}
