import { PaymentProviderError } from '../../ports/payments';
import type { TbankReceipt } from './receipt';
import { tbankToken } from './token';

/**
 * A small client of T-Bank's Internet Acquiring API v2 (payments.md §1): every method is
 * `POST <apiRoot>/v2/<Method>` with a JSON body signed by Token (§1.3). Success is read from the
 * body (`Success`, `ErrorCode`), not only from the HTTP status: a refusal becomes a
 * PaymentProviderError('tbank', ErrorCode, "Message: Details"). A network failure or a 5xx without
 * T-Bank's answer in it is thrown as it is (not a refusal; the caller may retry). PaymentId comes
 * back as a string from Init/GetState/Charge and as a number from Cancel (§1.4): both are read.
 */

export const DEFAULT_TBANK_API_ROOT = 'https://securepay.tinkoff.ru';
const TIMEOUT_MS = 20_000;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TbankClientOptions {
  terminalKey: string;
  password: string;
  /** Defaults to https://securepay.tinkoff.ru; a fake's URL in tests. */
  apiRoot?: string;
  fetch?: FetchLike;
}

/** Init's parameters besides TerminalKey and Token, spelled as on the wire (§1.2). */
export interface TbankInitRequest {
  Amount: number;
  OrderId: string;
  Description?: string;
  CustomerKey?: string;
  Recurrent?: 'Y';
  PayType?: 'O' | 'T';
  Language?: 'ru' | 'en';
  NotificationURL?: string;
  SuccessURL?: string;
  FailURL?: string;
  RedirectDueDate?: string;
  DATA?: Record<string, string>;
  Receipt?: TbankReceipt;
}

/** A payment as Init, GetState and Charge describe it. */
export interface TbankPaymentStatus {
  paymentId: string;
  orderId: string;
  amount: number;
  status: string;
}

export interface TbankInitResult extends TbankPaymentStatus {
  paymentUrl: string;
}

/** Charge's answer: CONFIRMED, or REJECTED with the bank's reason (a decline is not thrown). */
export interface TbankChargeResult {
  paymentId: string;
  status: string;
  /** As answered; null when a decline left them out. */
  orderId: string | null;
  amount: number | null;
  errorCode: string;
  message: string | null;
}

export interface TbankCancelResult {
  paymentId: string;
  orderId: string;
  status: string;
  originalAmount: number;
  newAmount: number;
}

export interface TbankClient {
  init(request: TbankInitRequest): Promise<TbankInitResult>;
  getState(paymentId: string | number): Promise<TbankPaymentStatus>;
  charge(request: { paymentId: string | number; rebillId: string | number }): Promise<TbankChargeResult>;
  /** The whole payment when `amount` is left out (§1.5). */
  cancel(request: { paymentId: string | number; amount?: number }): Promise<TbankCancelResult>;
}

type Body = Record<string, unknown>;

const isRecord = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
};

/** T-Bank's Message and Details as one sentence for the owner. */
export function tbankErrorText(body: Readonly<Body>): string {
  const message = textOf(body.Message)?.trim() ?? '';
  const details = textOf(body.Details)?.trim() ?? '';
  if (message && details && details !== message) return `${message}: ${details}`;
  return message || details || `T-Bank error ${textOf(body.ErrorCode) ?? 'without a code'}`;
}

const refusal = (body: Readonly<Body>): PaymentProviderError =>
  new PaymentProviderError('tbank', textOf(body.ErrorCode) ?? 'unknown', tbankErrorText(body));

function required<T>(value: T | null, method: string, field: string): T {
  if (value === null) throw new Error(`T-Bank ${method} answered without ${field}`);
  return value;
}

function paymentStatus(body: Readonly<Body>, method: string): TbankPaymentStatus {
  return {
    paymentId: required(textOf(body.PaymentId), method, 'PaymentId'),
    orderId: required(textOf(body.OrderId), method, 'OrderId'),
    amount: required(numberOf(body.Amount), method, 'Amount'),
    status: required(textOf(body.Status), method, 'Status'),
  };
}

export function createTbankClient(options: TbankClientOptions): TbankClient {
  const root = (options.apiRoot ?? DEFAULT_TBANK_API_ROOT).replace(/\/+$/, '');
  // A wrapper, not a stored reference: Workers throw "Illegal invocation" for a detached fetch.
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));

  /** The parsed answer of one method, whatever its Success; throws when there is no T-Bank answer. */
  async function post(method: string, params: Body): Promise<Body> {
    const signed = { TerminalKey: options.terminalKey, ...params };
    const body = { ...signed, Token: tbankToken(signed, options.password) };
    const response = await fetchImpl(`${root}/v2/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (isRecord(parsed) && ('Success' in parsed || 'ErrorCode' in parsed)) return parsed;
    if (response.status >= 400 && response.status < 500) {
      // 403 is what a terminal not on the test host's whitelist gets (§1.1).
      throw new PaymentProviderError(
        'tbank',
        `http_${response.status}`,
        `T-Bank ${method}: HTTP ${response.status}`,
      );
    }
    throw new Error(`T-Bank ${method} answered HTTP ${response.status} without an API response`);
  }

  const succeeded = (body: Readonly<Body>) =>
    body.Success === true && (textOf(body.ErrorCode) ?? '0') === '0';

  async function call(method: string, params: Body): Promise<Body> {
    const body = await post(method, params);
    if (!succeeded(body)) throw refusal(body);
    return body;
  }

  return {
    async init(request) {
      const body = await call('Init', { ...request });
      return {
        ...paymentStatus(body, 'Init'),
        paymentUrl: required(textOf(body.PaymentURL), 'Init', 'PaymentURL'),
      };
    },

    async getState(paymentId) {
      return paymentStatus(await call('GetState', { PaymentId: String(paymentId) }), 'GetState');
    },

    async charge({ paymentId, rebillId }) {
      const body = await post('Charge', { PaymentId: String(paymentId), RebillId: String(rebillId) });
      // A bank decline is an answer about the payment (Status REJECTED), not a broken request.
      const declined = !succeeded(body) && textOf(body.Status) === 'REJECTED' && body.PaymentId !== undefined;
      if (!succeeded(body) && !declined) throw refusal(body);
      return {
        paymentId: required(textOf(body.PaymentId), 'Charge', 'PaymentId'),
        status: required(textOf(body.Status), 'Charge', 'Status'),
        orderId: textOf(body.OrderId),
        amount: numberOf(body.Amount),
        errorCode: textOf(body.ErrorCode) ?? '0',
        message: declined ? tbankErrorText(body) : null,
      };
    },

    async cancel({ paymentId, amount }) {
      const body = await call('Cancel', {
        PaymentId: String(paymentId),
        ...(amount === undefined ? {} : { Amount: amount }),
      });
      return {
        paymentId: required(textOf(body.PaymentId), 'Cancel', 'PaymentId'),
        orderId: required(textOf(body.OrderId), 'Cancel', 'OrderId'),
        status: required(textOf(body.Status), 'Cancel', 'Status'),
        originalAmount: required(numberOf(body.OriginalAmount), 'Cancel', 'OriginalAmount'),
        newAmount: required(numberOf(body.NewAmount), 'Cancel', 'NewAmount'),
      };
    },
  };
}
