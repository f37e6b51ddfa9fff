import type { Transaction } from '../../api/payments';
import type { MessageId, MessageValues } from '../../i18n/i18n';

type Translate = (id: MessageId, values?: MessageValues) => string;

const PROVIDERS: Record<string, MessageId> = {
  tbank: 'balance.provider.tbank',
  stripe: 'balance.provider.stripe',
};

/** A payment provider by name; "balance" and "invoice" are not providers to name. */
export const providerName = (provider: string, t: Translate): string | null =>
  Object.hasOwn(PROVIDERS, provider) ? t(PROVIDERS[provider] as MessageId) : null;

/**
 * The comment of a transaction in words: a purchase or a renewal from the balance, a card payment
 * with its provider's payment number, a payment the partner made; an invoice says nothing (its
 * document does).
 */
export function commentText(transaction: Transaction, t: Translate): string {
  const { comment, provider } = transaction;
  if (comment === 'purchase') return t('balance.tx.comment.purchase');
  if (comment === 'renewal') return t('balance.tx.comment.renewal');
  if (provider === 'partner') return t('balance.tx.comment.partner');
  if (provider === 'invoice') return '';
  const name = providerName(provider, t);
  if (name) {
    const number = comment.startsWith(`${provider} `) ? comment.slice(provider.length + 1) : '';
    return number ? t('balance.tx.comment.card_number', { provider: name, number }) : name;
  }
  return comment;
}

/** Why a not-paid payment failed; the server gives a reason only once it cannot be paid any more. */
export const failureReason = (transaction: Transaction): string | null =>
  transaction.status === 'not_paid' ? transaction.reason : null;

/** The payment page of a payment that may still be paid (the server drops it when the payment failed). */
export const paymentLink = (transaction: Transaction): string | null => transaction.payment_url;
