import type { NotificationResult, PaymentEvent, PaymentState } from '../../ports/payments';
import { tbankErrorText } from './client';
import { verifyTbankToken } from './token';

/**
 * T-Bank's notifications (payments.md §1.7): a JSON POST signed like a request, Token over every
 * root-level scalar except Token. Payment notifications (NotificationPayment) become PaymentEvents;
 * the others (fiscal receipts with Status "RECEIPT", AddCard, Qr) verify but are ignored.
 */

const PAID = new Set(['CONFIRMED']);
/** REVERSED is the cancel of a hold that was never confirmed: no money moved, so the payment failed. */
const FAILED = new Set(['REJECTED', 'CANCELED', 'DEADLINE_EXPIRED', 'AUTH_FAIL', 'REVERSED']);
/** The whole of a confirmed payment given back (Cancel of a CONFIRMED payment, §1.5). */
const REFUNDED = new Set(['REFUNDED']);

/**
 * A T-Bank status as the ledger reads it. We take one-stage payments, where CONFIRMED is "paid";
 * AUTHORIZED (a hold, followed by CONFIRMED) and every intermediate status is still pending.
 * Only full refunds are applied: PARTIAL_REFUNDED (and REFUNDING) read as pending, which moves no
 * money and leaves a paid transaction as it is; a later REFUNDED of the rest takes the whole amount
 * back (T-Bank reports REFUNDED once nothing of the payment is left).
 */
export function paymentStateOf(status: string): PaymentState {
  if (PAID.has(status)) return 'paid';
  if (FAILED.has(status)) return 'failed';
  if (REFUNDED.has(status)) return 'refunded';
  return 'pending';
}

type Body = Record<string, unknown>;

const isRecord = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const amountOf = (value: unknown): number | null => {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : null;
};

/** The PaymentEvent of a verified NotificationPayment, or null when the body is not about a payment. */
export function paymentEventOf(body: Readonly<Body>): PaymentEvent | null {
  const status = textOf(body.Status);
  const orderId = textOf(body.OrderId);
  const paymentId = textOf(body.PaymentId);
  const amount = amountOf(body.Amount);
  // Fiscal receipts carry Status "RECEIPT"; AddCard and Qr notifications carry a RequestKey.
  if (status === null || status === 'RECEIPT' || 'RequestKey' in body || 'NotificationType' in body)
    return null;
  if (orderId === null || paymentId === null || amount === null) return null;
  const state = paymentStateOf(status);
  const event: PaymentEvent = {
    orderId,
    providerPaymentId: paymentId,
    state,
    amountMinor: amount,
    providerStatus: status,
  };
  const rebillId = textOf(body.RebillId);
  if (rebillId !== null && rebillId !== '' && (state === 'paid' || state === 'pending')) {
    event.savedMethod = { token: rebillId, label: textOf(body.Pan) || null };
  }
  if (state === 'failed') {
    const code = textOf(body.ErrorCode) ?? '0';
    event.failureMessage =
      code !== '0' || textOf(body.Message) ? tbankErrorText(body) : `T-Bank payment status ${status}`;
  }
  return event;
}

export interface TbankNotificationCredentials {
  terminalKey: string;
  password: string;
}

/** Verifies and reads one notification body; never throws. */
export async function readTbankNotification(
  raw: string,
  credentials: TbankNotificationCredentials,
): Promise<NotificationResult> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { kind: 'rejected' };
  }
  if (!isRecord(body) || body.TerminalKey !== credentials.terminalKey) return { kind: 'rejected' };
  if (!verifyTbankToken(body, credentials.password)) return { kind: 'rejected' };
  const event = paymentEventOf(body);
  return event ? { kind: 'events', events: [event] } : { kind: 'ignored' };
}
