import { and, eq, gt, ne } from 'drizzle-orm';
import { accounts, balanceEntries, balanceHolds, partnerEntries, subscriptions } from '../../../db/schema';
import { lockAccount } from '../../engine/holds';
import { AppError } from '../../shared/app-error';
import { WELCOME_CREDIT_MINOR } from '../../shared/balance';
import type { Currency } from '../../shared/constants';
import type { AccountContext } from '../context';
import { hasOpenPayment } from '../payments/open-payments';

/**
 * Money is kept in the account's currency, so the currency may change only while no money has
 * moved: no ledger entry besides the welcome credit (which moves along, as the new currency's
 * credit), nothing on the partner balance, no paid subscription, no answer holding money, and none may still arrive (an unpaid
 * invoice, a payment page that can still be paid). Checked and done under the account's row
 * lock, so an answer or a payment cannot slip in between. Refused with a message that says why.
 */
export async function changeCurrency(ctx: AccountContext, currency: Currency): Promise<void> {
  if (currency === ctx.account.currency) return;
  const { db, clock } = ctx.ports;
  const accountId = ctx.account.id;
  await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [moved] = await tx
      .select({ id: balanceEntries.id })
      .from(balanceEntries)
      .where(and(eq(balanceEntries.accountId, accountId), ne(balanceEntries.kind, 'welcome')))
      .limit(1);
    // The partner balance is kept in the same currency.
    const [partnerMoved] = await tx
      .select({ id: partnerEntries.id })
      .from(partnerEntries)
      .where(eq(partnerEntries.partnerAccountId, accountId))
      .limit(1);
    const [paid] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.demo, false)))
      .limit(1);
    const [held] = await tx
      .select({ id: balanceHolds.id })
      .from(balanceHolds)
      .where(and(eq(balanceHolds.accountId, accountId), gt(balanceHolds.expiresAt, clock.now())))
      .limit(1);
    if (moved || partnerMoved || paid || held) {
      throw new AppError('currency_locked', 'currency_locked', {
        fields: { currency: 'currency_locked' },
      });
    }
    // A payment made later would be credited in the old currency to an account in the new one.
    if (await hasOpenPayment(tx, accountId, clock.now())) {
      throw new AppError('currency_locked', 'currency_open_payment', {
        fields: { currency: 'currency_open_payment' },
      });
    }
    await tx
      .update(balanceEntries)
      .set({ currency, amountMinor: WELCOME_CREDIT_MINOR[currency] })
      .where(and(eq(balanceEntries.accountId, accountId), eq(balanceEntries.kind, 'welcome')));
    await tx.update(accounts).set({ currency }).where(eq(accounts.id, accountId));
  });
}
