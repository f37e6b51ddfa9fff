import { and, desc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  type Account,
  accounts,
  recurrentPayments,
  type Subscription,
  subscriptions,
  transactions,
} from '../../../db/schema';
import { translate } from '../../i18n/translate';
import type { AppSettings, Ports } from '../../ports';
import { PaymentProviderError } from '../../ports/payments';
import { openSecret } from '../../secrets/secret-box';
import { formatMoney } from '../../shared/money';
import { applyPaymentEvent, METHOD_LABEL } from '../payments/apply-payment-event';
import { notificationUrl } from '../payments/payment-urls';
import { createRenewal } from './buy-subscription';
import { paySubscription } from './pay-subscription';

/** SPEC §9: auto-renewal is attempted one day before expiry. */
export const RENEW_AHEAD_MS = 86_400_000;
/** Renewals one schedule run takes on; the rest wait for the next run. */
const BATCH = 100;

/**
 * Subscriptions due for renewal: paid, auto-renewing, ending within a day, and not renewed yet —
 * no renewal, or an unpaid one nobody has tried to charge (a run that crashed half-way).
 */
async function dueSubscriptions(ports: Ports, now: Date) {
  return ports.db
    .select()
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.paidAt),
        eq(subscriptions.autoRenew, true),
        gt(subscriptions.expiresAt, now),
        lte(subscriptions.expiresAt, new Date(now.getTime() + RENEW_AHEAD_MS)),
        sql`not exists (select 1 from ${subscriptions} r where r.renewal_of = ${subscriptions.id}
              and (r.paid_at is not null or exists (select 1 from ${transactions} t
                where t.subscription_id = r.id and t.operation = 'renewal')))`,
      ),
    )
    .limit(BATCH);
}

async function renewalFor(ports: Ports, account: Account, now: Date, previous: Subscription) {
  const created = await createRenewal(ports.db, account, now, previous);
  if (created) return created;
  const [existing] = await ports.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.renewalOf, previous.id));
  return existing;
}

/**
 * Claims the one renewal attempt of a period: a "not paid" renewal transaction, unique per renewal.
 * Whoever inserts it charges; a parallel run finds it taken and stops.
 */
async function claimAttempt(
  ports: Ports,
  renewal: Subscription,
  provider: 'tbank' | 'stripe' | 'balance',
  now: Date,
) {
  const [claimed] = await ports.db
    .insert(transactions)
    .values({
      accountId: renewal.accountId,
      operation: 'renewal',
      status: 'not_paid',
      amountMinor: renewal.priceMinor,
      currency: renewal.currency,
      provider,
      subscriptionId: renewal.id,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: transactions.id });
  return claimed?.id ?? null;
}

/** The provider's payment id on the renewal transaction, once it is known (never replaced). */
async function storePaymentId(ports: Ports, transactionId: string, providerPaymentId: string) {
  await ports.db
    .update(transactions)
    .set({ providerPaymentId })
    .where(and(eq(transactions.id, transactionId), isNull(transactions.providerPaymentId)));
}

async function mailFailure(
  ports: Ports,
  account: Account,
  previous: Subscription,
  renewal: Subscription,
  reason: string,
) {
  const params = {
    name: account.name,
    date: previous.expiresAt.toISOString().slice(0, 10),
    amount: formatMoney(renewal.priceMinor, renewal.currency, account.lang),
    reason,
  };
  await ports.mail.send({
    to: account.email,
    subject: translate('mail_renewal_failed_subject', account.lang, params),
    text: translate('mail_renewal_failed_text', account.lang, params),
  });
}

/**
 * One subscription's renewal, once per period: from the balance when it holds the price, else by
 * charging the newest saved card (the money is credited and pays the renewal, as a top-up would);
 * when neither works the owner gets an e-mail and the renewal stays unpaid beside a "not paid"
 * transaction saying why, to be paid by hand.
 */
async function renewOne(ports: Ports, settings: AppSettings, previous: Subscription, now: Date) {
  const [account] = await ports.db.select().from(accounts).where(eq(accounts.id, previous.accountId));
  if (!account) return;
  const renewal = await renewalFor(ports, account, now, previous);
  if (!renewal || renewal.paidAt) return;
  if ((await paySubscription(ports.db, account, renewal.id, now)).paid) return;
  const [card] = await ports.db
    .select()
    .from(recurrentPayments)
    .where(
      and(
        eq(recurrentPayments.accountId, account.id),
        eq(recurrentPayments.currency, renewal.currency),
        isNull(recurrentPayments.canceledAt),
      ),
    )
    .orderBy(desc(recurrentPayments.createdAt))
    .limit(1);
  const provider = card ? ports.payments.byName(card.provider) : null;
  if (!card || !provider) {
    const claimed = await claimAttempt(ports, renewal, 'balance', now);
    if (!claimed) return;
    const reason = translate('renewal_reason_no_funds', account.lang);
    await ports.db.update(transactions).set({ providerStatus: reason }).where(eq(transactions.id, claimed));
    await mailFailure(ports, account, previous, renewal, reason);
    return;
  }
  const claimed = await claimAttempt(ports, renewal, provider.name, now);
  if (!claimed) return;
  let failure: string | null = null;
  try {
    const token = await openSecret(settings.secretsKey, METHOD_LABEL, JSON.parse(card.methodSealed));
    const event = await provider.chargeSaved({
      orderId: claimed,
      amountMinor: renewal.priceMinor,
      currency: renewal.currency,
      description: account.lang === 'ru' ? 'Продление подписки' : 'Subscription renewal',
      customerKey: account.id,
      email: account.email,
      savedMethod: token,
      notificationUrl: notificationUrl(settings, provider.name),
      // Stored before the card is charged (T-Bank): a lost answer leaves the payment findable.
      onStarted: (providerPaymentId) => storePaymentId(ports, claimed, providerPaymentId),
    });
    // Stripe knows the id only from its answer.
    if (event.providerPaymentId) await storePaymentId(ports, claimed, event.providerPaymentId);
    await applyPaymentEvent(ports.db, settings, provider.name, event, now);
    if (event.state === 'failed') failure = event.failureMessage ?? event.providerStatus;
  } catch (error) {
    failure = error instanceof PaymentProviderError ? error.message : 'unreachable';
    // The answer may be lost while the bank charged: a notification may have credited it already
    // (then no failure), or may yet (or reconciliation, by the stored payment id).
    const [open] = await ports.db
      .update(transactions)
      .set({ providerStatus: failure.slice(0, 500) })
      .where(and(eq(transactions.id, claimed), eq(transactions.status, 'not_paid')))
      .returning({ id: transactions.id });
    if (!open) failure = null;
  }
  if (failure !== null) {
    await mailFailure(
      ports,
      account,
      previous,
      renewal,
      translate('renewal_reason_card', account.lang, { reason: failure }),
    );
  }
}

/** The renewal schedule: every due subscription, one at a time; one failing does not stop the rest. */
export async function renewDueSubscriptions(ports: Ports, settings: AppSettings): Promise<void> {
  const now = ports.clock.now();
  for (const previous of await dueSubscriptions(ports, now)) {
    try {
      await renewOne(ports, settings, previous, now);
    } catch (error) {
      console.error(
        `subscription ${previous.id}: renewal failed`,
        error instanceof Error ? error.message : error,
      );
    }
  }
}
