import {
  type ChargeRequest,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
} from '../../ports/payments';
import type { Currency } from '../../shared/constants';
import { createTbankClient, type FetchLike, type TbankInitRequest } from './client';
import { paymentStateOf, readTbankNotification } from './notification';
import {
  buildReceipt,
  checkFiscalSettings,
  clipText,
  type FiscalSettingsInput,
  type TbankReceipt,
} from './receipt';

/**
 * The payments port over T-Bank (payments.md §1): a checkout is Init with the customer sent to its
 * PaymentURL; the result arrives as a signed notification (answered "OK"); a saved card is charged
 * with Init (DATA.OperationInitiatorType "R", the merchant-initiated recurring case) and then
 * Charge with the RebillId of the parent payment (§1.6), the PaymentId handed to the caller in
 * between (ChargeRequest.onStarted). Init has no currency: the terminal's is the ruble, so any
 * other currency is refused before a request is made.
 */

export interface TbankProviderOptions {
  terminalKey: string;
  password: string;
  /** Defaults to https://securepay.tinkoff.ru. */
  apiRoot?: string;
  /**
   * Fiscalization in the SPEC's spellings; missing fields take the defaults (usn_income, none,
   * fullPayment, service). null: the terminal has no online cash register, Init goes without Receipt.
   */
  fiscal?: FiscalSettingsInput | null;
  fetch?: FetchLike;
}

/** Description limit of Init (§1.2). */
export const INIT_DESCRIPTION_LIMIT = 140;

function requireRub(currency: Currency): void {
  if (currency !== 'rub') {
    throw new PaymentProviderError(
      'tbank',
      'unsupported_currency',
      `T-Bank takes payments in rub only (the terminal's currency); ${currency} needs another provider`,
    );
  }
}

export function createTbankProvider(options: TbankProviderOptions): PaymentProvider {
  const check = options.fiscal === null ? null : checkFiscalSettings(options.fiscal ?? {});
  if (check && !check.ok) {
    const problems = check.problems.map((problem) => `${problem.setting}: ${problem.reason}`);
    throw new Error(`Invalid T-Bank fiscal settings:\n  ${problems.join('\n  ')}`);
  }
  const fiscal = check?.fiscal ?? null;
  const client = createTbankClient(options);
  const credentials = { terminalKey: options.terminalKey, password: options.password };

  const receiptFor = (name: string, amountMinor: number, email: string): { Receipt?: TbankReceipt } =>
    fiscal ? { Receipt: buildReceipt({ name, amountMinor, email }, fiscal) } : {};

  return {
    name: 'tbank',
    notificationAnswer: { body: 'OK', contentType: 'text/plain' },

    async createCheckout(request: CheckoutRequest) {
      requireRub(request.currency);
      const init: TbankInitRequest = {
        Amount: request.amountMinor,
        OrderId: request.orderId,
        Description: clipText(request.description, INIT_DESCRIPTION_LIMIT),
        CustomerKey: request.customerKey,
        ...(request.saveMethod ? { Recurrent: 'Y' as const } : {}),
        Language: request.language,
        SuccessURL: request.successUrl,
        FailURL: request.failUrl,
        NotificationURL: request.notificationUrl,
        // "1": a customer-initiated payment that saves the card; "0": one that does not (§1.6).
        DATA: { Email: request.email, OperationInitiatorType: request.saveMethod ? '1' : '0' },
        ...receiptFor(request.description, request.amountMinor, request.email),
      };
      const payment = await client.init(init);
      return { providerPaymentId: payment.paymentId, paymentUrl: payment.paymentUrl };
    },

    readNotification(request) {
      return readTbankNotification(request.body, credentials);
    },

    async getState(providerPaymentId: string, orderId: string): Promise<PaymentEvent> {
      const payment = await client.getState(providerPaymentId);
      if (payment.orderId !== orderId) {
        throw new PaymentProviderError(
          'tbank',
          'order_mismatch',
          `T-Bank payment ${providerPaymentId} belongs to order ${payment.orderId}, not ${orderId}`,
        );
      }
      const state = paymentStateOf(payment.status);
      return {
        orderId,
        providerPaymentId: payment.paymentId,
        state,
        amountMinor: payment.amount,
        providerStatus: payment.status,
        ...(state === 'failed' ? { failureMessage: `T-Bank payment status ${payment.status}` } : {}),
      };
    },

    async chargeSaved(request: ChargeRequest): Promise<PaymentEvent> {
      requireRub(request.currency);
      const payment = await client.init({
        Amount: request.amountMinor,
        OrderId: request.orderId,
        Description: clipText(request.description, INIT_DESCRIPTION_LIMIT),
        ...(request.notificationUrl ? { NotificationURL: request.notificationUrl } : {}),
        // "R": a merchant-initiated recurring charge of a card on file; no Recurrent, no CustomerKey.
        DATA: { Email: request.email, OperationInitiatorType: 'R' },
        ...receiptFor(request.description, request.amountMinor, request.email),
      });
      // The PaymentId is stored before Charge: if Charge's answer is lost, the CONFIRMED
      // notification and GetState still find the order's payment (payments.md §1.6, §1.7).
      await request.onStarted?.(payment.paymentId);
      const charged = await client.charge({ paymentId: payment.paymentId, rebillId: request.savedMethod });
      const state = paymentStateOf(charged.status);
      return {
        orderId: request.orderId,
        providerPaymentId: charged.paymentId,
        state,
        amountMinor: charged.amount ?? request.amountMinor,
        providerStatus: charged.status,
        ...(state === 'failed'
          ? { failureMessage: charged.message ?? `T-Bank payment status ${charged.status}` }
          : {}),
      };
    },
  };
}
