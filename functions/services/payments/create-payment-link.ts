import { and, eq } from 'drizzle-orm';
import { subscriptions, transactions } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import { PaymentProviderError } from '../../ports/payments';
import { AppError } from '../../shared/app-error';
import type { Currency } from '../../shared/constants';
import { formatMoney } from '../../shared/money';
import { type PaymentLinkInput, PROVIDER_MIN_MINOR, TOP_UP_LIMITS_MINOR } from '../../shared/schemas/payment';
import type { AccountContext } from '../context';
import { requirePartner } from '../partner/partner-only';
import { lockedCurrency } from './open-payments';
import { notificationUrl, returnUrl } from './payment-urls';

const paymentFailed = (reason: string) =>
  new AppError('payment_failed', 'payment_failed', { params: { reason } });

const currencyMismatch = (currency: Currency) =>
  new AppError('validation_failed', 'payment_currency_mismatch', {
    params: { currency: currency.toUpperCase() },
  });

/**
 * POST /api/payment/link: records the top-up (of the account's balance, or a partner's partner
 * balance) as a "not paid" transaction (its id is the order id the provider reports back), then asks
 * the currency's provider for the payment page.
 */
export async function createPaymentLink(ctx: AccountContext, input: PaymentLinkInput) {
  const { account } = ctx;
  const provider = ctx.ports.payments.forCurrency(input.currency);
  if (!provider) {
    throw new AppError('payments_not_configured', 'payments_not_configured', {
      params: { currency: input.currency.toUpperCase() },
    });
  }
  if (input.currency !== account.currency) throw currencyMismatch(account.currency);
  const forPartner = input.purse === 'partner';
  if (forPartner) {
    requirePartner(ctx);
    // The partner balance pays for clients; it buys nothing of its own and saves no card.
    if (input.subscription_id || input.recurrent)
      throw new AppError('validation_failed', 'validation_failed', {
        fields: { purse: 'invalid_value' },
      });
  }
  // Paying what a subscription lacks may take less than a plain top-up, down to the provider's least.
  const limits = {
    ...TOP_UP_LIMITS_MINOR[account.currency],
    ...(input.subscription_id ? { min: PROVIDER_MIN_MINOR[account.currency] } : {}),
  };
  if (input.amount_minor < limits.min || input.amount_minor > limits.max) {
    throw new AppError('validation_failed', 'validation_failed', {
      fields: { amount_minor: 'amount_range' },
      params: {
        min: formatMoney(limits.min, account.currency, ctx.lang),
        max: formatMoney(limits.max, account.currency, ctx.lang),
      },
    });
  }
  const { db, clock } = ctx.ports;
  if (input.subscription_id) {
    const [unpaid] = await db
      .select({ paidAt: subscriptions.paidAt })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, input.subscription_id), eq(subscriptions.accountId, account.id)));
    if (!unpaid) throw new AppError('not_found', 'subscription_not_found');
    if (unpaid.paidAt) throw new AppError('subscription_state', 'subscription_paid_already');
  }
  const row = await db.transaction(async (tx) => {
    // Under the account's lock a currency change cannot slip in between: the link is in the currency
    // the account has, and the change sees the link.
    const current = await lockedCurrency(tx, account.id);
    if (current !== null && current !== account.currency) throw currencyMismatch(current);
    const [inserted] = await tx
      .insert(transactions)
      .values({
        accountId: account.id,
        operation: 'top_up',
        status: 'not_paid',
        amountMinor: input.amount_minor,
        currency: account.currency,
        provider: provider.name,
        providerStatus: 'NEW',
        saveMethod: input.recurrent,
        purse: input.purse,
        subscriptionId: input.subscription_id ?? null,
        createdAt: clock.now(),
      })
      .returning({ id: transactions.id });
    return inserted;
  });
  if (!row) throw new Error('the transaction was not stored');
  try {
    const session = await provider.createCheckout({
      orderId: row.id,
      amountMinor: input.amount_minor,
      currency: account.currency,
      description: translate(forPartner ? 'payment_partner_top_up' : 'payment_top_up', ctx.lang),
      customerKey: account.id,
      email: input.payer?.email || account.email,
      saveMethod: input.recurrent,
      language: ctx.lang,
      successUrl: returnUrl(ctx.settings, 'success', row.id, input.purse),
      failUrl: returnUrl(ctx.settings, 'fail', row.id, input.purse),
      notificationUrl: notificationUrl(ctx.settings, provider.name),
    });
    await db
      .update(transactions)
      .set({ providerPaymentId: session.providerPaymentId, paymentUrl: session.paymentUrl })
      .where(eq(transactions.id, row.id));
    return { url: session.paymentUrl, transaction_id: row.id };
  } catch (error) {
    const reason = error instanceof PaymentProviderError ? error.message : 'unreachable';
    console.warn(`payment ${row.id}: the provider refused: ${reason}`);
    await db
      .update(transactions)
      .set({ providerStatus: reason.slice(0, 500) })
      .where(eq(transactions.id, row.id));
    throw paymentFailed(
      error instanceof PaymentProviderError ? error.message : ctx.lang === 'ru' ? 'нет связи' : 'unreachable',
    );
  }
}
