import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake of T-Bank's Internet Acquiring API v2 (payments.md §1; the API's OpenAPI spec v1.80):
 * `POST /v2/Init | GetState | Charge | Cancel | Confirm` with JSON bodies signed by Token, answered
 * with T-Bank's in-body errors (HTTP 200, `Success:false`, ErrorCode, Message, Details):
 * 205 unknown terminal, 204 bad Token, 9999 missing or malformed fields (with Details), 212/216 field
 * sizes, 309 no Receipt on a terminal with a cash register, 329 receipt without Email/Phone, 308
 * Amount ≠ Σ Receipt.Items.Amount, 334 Payments.Electronic ≠ Amount, 623 an OrderId that already
 * has a successful payment, 1126 DATA.OperationInitiatorType inconsistent with Recurrent/RebillId,
 * 10 Charge not enabled for the terminal, 104 a RebillId no paid recurrent parent produced, 8 a
 * transition the payment's status does not allow, 255 an unknown PaymentId.
 *
 * The payment form lives at the PaymentURL (`GET /new/<form>`: the amount and two buttons,
 * «Оплатить» and «Отказаться»); paying moves the payment NEW → CONFIRMED (one-stage; AUTHORIZED for
 * PayType T), POSTs the signed NotificationPayment to the NotificationURL (PaymentId and Amount as
 * numbers, RebillId when Recurrent=Y, CardId, Pan, ExpDate; first attempt awaited, as T-Bank waits
 * for it before redirecting) and redirects to SuccessURL; a refusal or a declined card gives a
 * REJECTED notification and FailURL. A notification is retried every `retryIntervalMs` up to
 * `maxAttempts` until the answer is HTTP 200 with the body exactly `OK`.
 *
 * Types follow §1.4: PaymentId is a string in Init/GetState/Charge/Confirm answers and a number in
 * notifications and in the Cancel answer; RebillId and CardId are numbers in notifications.
 * Tests hold this object (`pay`, `decline`, `refund`, `redeliver`, `payments`, `calls`, `deliveries`,
 * `chargeOutcome`); tests inside workerd use `/__fake/...` (see `introspect`).
 */

export type FakeTbankStatus =
  | 'NEW'
  | 'FORM_SHOWED'
  | 'AUTHORIZED'
  | 'CONFIRMED'
  | 'REJECTED'
  | 'CANCELED'
  | 'PARTIAL_REVERSED'
  | 'REVERSED'
  | 'PARTIAL_REFUNDED'
  | 'REFUNDED'
  | 'DEADLINE_EXPIRED';

/** The test cards of §1.11 this fake knows. */
export type FakeTbankCard = 'success' | 'insufficient_funds';

type Json = Record<string, unknown>;

export interface FakeTbankTerminalOptions {
  terminalKey: string;
  password: string;
  /** Charge is off by default at T-Bank (§1.6); on by default here. */
  chargeEnabled?: boolean;
  /** An online cash register is connected: Init must carry a Receipt (default true). */
  receiptRequired?: boolean;
  /** The terminal's payment scheme when Init has no PayType (default O, one-stage). */
  payType?: 'O' | 'T';
  /** The terminal's NotificationURL, used when Init has none. */
  notificationUrl?: string | null;
}

type FakeTbankTerminal = Required<FakeTbankTerminalOptions>;

export interface FakeTbankOptions {
  terminals?: FakeTbankTerminalOptions[];
  /** Pause between notification attempts (T-Bank: an hour; default 200 ms). */
  retryIntervalMs?: number;
  /** Attempts per notification, the first included (default 5). */
  maxAttempts?: number;
  /** How long one attempt waits for the answer (T-Bank: 10 s). */
  attemptTimeoutMs?: number;
  /** One-stage payments notify AUTHORIZED before CONFIRMED (default: CONFIRMED only). */
  notifyAuthorized?: boolean;
  /** After a payment is confirmed, also send the fiscal-receipt notification (Status "RECEIPT"). */
  notifyReceipts?: boolean;
}

export interface FakeTbankCardData {
  cardId: number;
  pan: string;
  expDate: string;
}

export interface FakeTbankPayment {
  /** Digits, a string as Init answers it. */
  paymentId: string;
  terminalKey: string;
  orderId: string;
  amount: number;
  /** What is left after partial cancels. */
  remainingAmount: number;
  status: FakeTbankStatus;
  /** Every status the payment has had, in order. */
  history: FakeTbankStatus[];
  payType: 'O' | 'T';
  description: string | null;
  customerKey: string | null;
  recurrent: boolean;
  language: string;
  notificationUrl: string | null;
  successUrl: string | null;
  failUrl: string | null;
  data: Record<string, string>;
  receipt: Json | null;
  operationInitiatorType: string | null;
  paymentUrl: string;
  /** Given once a Recurrent=Y payment is paid; what Charge takes later. */
  rebillId: number | null;
  /** The RebillId a Charge paid this payment with. */
  chargedWith: number | null;
  card: FakeTbankCardData | null;
  errorCode: string;
  message: string | null;
  details: string | null;
}

export interface FakeTbankCall {
  method: string;
  params: Json;
  response: Json;
  at: number;
}

export interface FakeTbankAttempt {
  at: number;
  /** The HTTP status answered; null when the request failed. */
  status: number | null;
  /** The body answered (first 200 characters) or the network error. */
  answer: string;
}

export interface FakeTbankDelivery {
  id: number;
  paymentId: string;
  status: string;
  url: string;
  body: Json;
  attempts: FakeTbankAttempt[];
  delivered: boolean;
}

const CARDS: Readonly<Record<FakeTbankCard, { pan: string; declined: boolean }>> = {
  success: { pan: '220138******0013', declined: false },
  insufficient_funds: { pan: '220138******0831', declined: true },
};
const INSUFFICIENT_FUNDS = { code: '1051', message: 'Недостаточно средств на карте.' };

// T-Bank v1.80 enumerations (payments.md §1.9), kept apart from the client's copy on purpose.
const words = (text: string) => text.trim().split(/\s+/);
const TAXATIONS = words('osn usn_income usn_income_outcome esn patent');
const TAXES = words('none vat0 vat5 vat7 vat10 vat20 vat105 vat107 vat110 vat120');
const PAYMENT_METHODS = words(
  'full_prepayment prepayment advance full_payment partial_payment credit credit_payment',
);
const OBJECTS_105 = words(`commodity excise job service gambling_bet gambling_prize lottery lottery_prize
  intellectual_activity payment agent_commission composite another`);
const OBJECTS_12 = [
  ...OBJECTS_105.filter((item) => item !== 'composite'),
  ...words(`contribution property_rights unrealization tax_reduction trade_fee resort_tax pledge income_decrease
    ie_pension_insurance_without_payments ie_pension_insurance_with_payments ie_medical_insurance_without_payments
    ie_medical_insurance_with_payments social_insurance casino_chips agent_payment
    excisable_goods_without_marking_code excisable_goods_with_marking_code goods_without_marking_code
    goods_with_marking_code`),
];
const DOCUMENTED_DATA_KEYS = new Set(['OperationInitiatorType', 'notificationEnableSource']);
const INITIATOR_TYPES = ['0', '1', '2', 'R', 'I'];
/** Statuses of a payment that went through: a new Init of its OrderId is refused with 623. */
const SUCCESSFUL: ReadonlySet<FakeTbankStatus> = new Set([
  'AUTHORIZED',
  'CONFIRMED',
  'PARTIAL_REVERSED',
  'PARTIAL_REFUNDED',
  'REFUNDED',
]);

/** The Token of §1.3, written independently of functions/payments/tbank/token.ts (node:crypto). */
export function fakeTbankToken(params: Readonly<Json>, password: string): string {
  const pairs = Object.entries({ ...params, Password: password }).filter(
    ([key, value]) =>
      key !== 'Token' &&
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'),
  );
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(pairs.map(([, value]) => String(value)).join(''), 'utf8')
    .digest('hex');
}

class Refusal {
  constructor(
    readonly code: string,
    readonly message: string,
    readonly details?: string,
  ) {}
}

const wrongParams = (details: string) => new Refusal('9999', 'Неверные параметры', details);
const missing = (field: string) => wrongParams(`Поле ${field} не должно быть пустым.`);
const mismatchedInitiator = () =>
  new Refusal(
    '1126',
    'Несопоставимые значения rebillId или Recurrent с переданным значением OperationInitiatorType',
  );

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const isUrl = (value: string) => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};
const rubles = (kopecks: number) =>
  `${Math.floor(kopecks / 100).toLocaleString('ru-RU')},${String(kopecks % 100).padStart(2, '0')} ₽`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export class FakeTbank {
  readonly calls: FakeTbankCall[] = [];
  readonly payments: FakeTbankPayment[] = [];
  readonly deliveries: FakeTbankDelivery[] = [];
  /** What the next Charge does with the card: 'insufficient_funds' declines it (REJECTED, 1051). */
  chargeOutcome: FakeTbankCard = 'success';
  /** `http://127.0.0.1:{port}`: the apiRoot to configure instead of https://securepay.tinkoff.ru. */
  url = '';
  private readonly terminals = new Map<string, FakeTbankTerminal>();
  private readonly forms = new Map<string, FakeTbankPayment>();
  /** RebillId → the paid recurrent parent that produced it. */
  private readonly rebills = new Map<number, FakeTbankPayment>();
  private readonly retrying = new Set<Promise<void>>();
  private server: FakeServer | null = null;
  private closed = false;
  private nextPaymentId = 3_093_639_567;
  private nextRebillId = 1_700_000_101;
  private nextCardId = 322_264;
  private nextDeliveryId = 1;
  private readonly retryIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly attemptTimeoutMs: number;
  private readonly notifyAuthorized: boolean;
  private readonly notifyReceipts: boolean;

  constructor(options: FakeTbankOptions = {}) {
    this.retryIntervalMs = options.retryIntervalMs ?? 200;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
    this.notifyAuthorized = options.notifyAuthorized ?? false;
    this.notifyReceipts = options.notifyReceipts ?? false;
    for (const terminal of options.terminals ?? []) this.addTerminal(terminal);
  }

  async start(): Promise<this> {
    this.server = await serveFake((request, body, response) => this.route(request, body, response));
    this.url = this.server.url;
    return this;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.server?.close();
  }

  addTerminal(options: FakeTbankTerminalOptions): void {
    this.terminals.set(options.terminalKey, {
      chargeEnabled: true,
      receiptRequired: true,
      payType: 'O',
      notificationUrl: null,
      ...options,
    });
  }

  /** Switches Charge on or off for a terminal (T-Bank enables it on request). */
  setChargeEnabled(terminalKey: string, enabled: boolean): void {
    const terminal = this.terminals.get(terminalKey);
    if (!terminal) throw new Error(`fake T-Bank: no terminal ${terminalKey}`);
    terminal.chargeEnabled = enabled;
  }

  payment(paymentId: string | number): FakeTbankPayment | undefined {
    return this.payments.find((payment) => payment.paymentId === String(paymentId));
  }

  paymentsOfOrder(orderId: string): FakeTbankPayment[] {
    return this.payments.filter((payment) => payment.orderId === orderId);
  }

  /** Calls of one method, in order. */
  callsOf(method: string): FakeTbankCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** The notifications sent about a payment, in order. */
  deliveriesOf(paymentId: string | number): FakeTbankDelivery[] {
    return this.deliveries.filter((delivery) => delivery.paymentId === String(paymentId));
  }

  /** A body signed with a terminal's password, e.g. a notification a test makes up. */
  sign(terminalKey: string, body: Readonly<Json>): Json {
    const terminal = this.terminals.get(terminalKey);
    if (!terminal) throw new Error(`fake T-Bank: no terminal ${terminalKey}`);
    return { ...body, Token: fakeTbankToken(body, terminal.password) };
  }

  /**
   * The customer pays on the form with a test card: CONFIRMED (AUTHORIZED for PayType T), or
   * REJECTED (1051) for 'insufficient_funds'. Resolves after the first notification attempt.
   */
  async pay(paymentId: string | number, options: { card?: FakeTbankCard } = {}): Promise<FakeTbankPayment> {
    const payment = this.payable(paymentId);
    const card = CARDS[options.card ?? 'success'];
    payment.card = { cardId: this.nextCardId++, pan: card.pan, expDate: '1230' };
    if (card.declined) {
      this.fail(payment, 'REJECTED', INSUFFICIENT_FUNDS.code, INSUFFICIENT_FUNDS.message);
      await this.notify(payment);
      return payment;
    }
    if (payment.recurrent) {
      payment.rebillId = this.nextRebillId++;
      this.rebills.set(payment.rebillId, payment);
    }
    if (payment.payType === 'T' || this.notifyAuthorized) {
      this.move(payment, 'AUTHORIZED');
      await this.notify(payment);
    }
    if (payment.payType === 'O') {
      this.move(payment, 'CONFIRMED');
      await this.notify(payment);
      if (this.notifyReceipts) await this.notifyReceipt(payment);
    }
    return payment;
  }

  /** The customer presses «Отказаться»: REJECTED, with its notification. */
  async decline(paymentId: string | number): Promise<FakeTbankPayment> {
    const payment = this.payable(paymentId);
    this.fail(payment, 'REJECTED', '1006', 'Платеж не прошел', 'Покупатель отказался от оплаты');
    await this.notify(payment);
    return payment;
  }

  /** The link's lifetime ends (RedirectDueDate): DEADLINE_EXPIRED, notified. */
  async expire(paymentId: string | number): Promise<FakeTbankPayment> {
    const payment = this.payable(paymentId);
    this.fail(payment, 'DEADLINE_EXPIRED', '0', null);
    await this.notify(payment);
    return payment;
  }

  /**
   * The merchant refunds a paid payment, as `Cancel` does (§1.5), all of what is left unless
   * `amount`: CONFIRMED → REFUNDED or PARTIAL_REFUNDED, notified. Refused as Cancel refuses (a
   * payment already refunded, more than is left). Resolves after the first notification attempt.
   */
  async refund(paymentId: string | number, options: { amount?: number } = {}): Promise<FakeTbankPayment> {
    const payment = this.payment(paymentId);
    if (!payment) throw new Error(`fake T-Bank: no payment ${paymentId}`);
    if (payment.status !== 'CONFIRMED' && payment.status !== 'PARTIAL_REFUNDED')
      throw new Error(`fake T-Bank: payment ${paymentId} is ${payment.status}, not paid`);
    try {
      this.cancelPayment(payment, options.amount);
    } catch (error) {
      throw error instanceof Refusal ? new Error(`fake T-Bank: ${error.code} ${error.message}`) : error;
    }
    await this.notify(payment);
    return payment;
  }

  /** Sends the payment's last notification again, `times` times, one attempt each (no retries). */
  async redeliver(paymentId: string | number, times = 1): Promise<FakeTbankAttempt[]> {
    const last = this.deliveriesOf(paymentId).at(-1);
    if (!last) throw new Error(`fake T-Bank: payment ${paymentId} has no notification to send again`);
    const attempts: FakeTbankAttempt[] = [];
    for (let index = 0; index < times; index++) {
      const delivery = this.newDelivery(last.paymentId, last.status, last.url, last.body);
      await this.attempt(delivery);
      const attempt = delivery.attempts[0];
      if (attempt) attempts.push(attempt);
    }
    return attempts;
  }

  /** Resolves when no notification is waiting for another attempt. */
  async settled(): Promise<void> {
    while (this.retrying.size > 0) await Promise.all([...this.retrying]);
  }

  /** Forgets calls and deliveries and resets the Charge switch; payments and RebillIds stay. */
  reset(): void {
    this.calls.length = 0;
    this.deliveries.length = 0;
    this.chargeOutcome = 'success';
  }

  // ---- HTTP ----

  private route(request: IncomingMessage, body: string, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.url);
    const method = request.method ?? 'GET';
    if (url.pathname.startsWith('/__fake/')) {
      this.introspect(method, url, body).then(
        ({ status, value }) => sendJson(response, status, value),
        (error: unknown) => sendJson(response, 500, { error: String(error) }),
      );
      return;
    }
    const form = /^\/new\/([A-Za-z0-9]+)(?:\/(pay|decline))?$/.exec(url.pathname);
    if (form?.[1]) {
      this.page(method, form[1], form[2], body, response).catch((error: unknown) =>
        this.html(response, 500, 'Ошибка', escapeHtml(String(error))),
      );
      return;
    }
    const api = /^\/v2\/([A-Za-z]+)$/.exec(url.pathname);
    if (method !== 'POST' || !api?.[1]) {
      sendJson(response, 404, { Success: false, ErrorCode: '404', Message: 'Not Found' });
      return;
    }
    let params: unknown;
    try {
      params = JSON.parse(body);
    } catch {
      params = null;
    }
    const name = api[1];
    const answer = isRecord(params)
      ? this.api(name, params)
      : this.refusal(new Refusal('9999', 'Неверные параметры', 'Тело запроса должно быть JSON-объектом'));
    this.calls.push({
      method: name,
      params: isRecord(params) ? params : {},
      response: answer,
      at: Date.now(),
    });
    sendJson(response, 200, answer);
  }

  private refusal(refusal: Refusal): Json {
    return {
      Success: false,
      ErrorCode: refusal.code,
      Message: refusal.message,
      ...(refusal.details === undefined ? {} : { Details: refusal.details }),
    };
  }

  private api(method: string, params: Json): Json {
    try {
      const terminal = this.authenticate(params);
      switch (method.toLowerCase()) {
        case 'init':
          return this.init(terminal, params);
        case 'getstate':
          return this.getState(terminal, params);
        case 'charge':
          return this.charge(terminal, params);
        case 'cancel':
          return this.cancel(terminal, params);
        case 'confirm':
          return this.confirm(terminal, params);
        default:
          return this.refusal(new Refusal('9999', 'Метод не поддерживается', `Метод ${method} не найден`));
      }
    } catch (error) {
      if (error instanceof Refusal) return this.refusal(error);
      throw error;
    }
  }

  private authenticate(params: Json): FakeTbankTerminal {
    const terminalKey = textOf(params.TerminalKey);
    if (!present(terminalKey)) throw missing('TerminalKey');
    const terminal = this.terminals.get(terminalKey ?? '');
    if (!terminal)
      throw new Refusal(
        '205',
        'Неверный токен. Проверьте пару TerminalKey/SecretKey',
        'Указанный терминал не найден',
      );
    if (!present(params.Token)) throw missing('Token');
    if (params.Token !== fakeTbankToken(params, terminal.password))
      throw new Refusal('204', 'Неверный токен. Проверьте пару TerminalKey/SecretKey');
    return terminal;
  }

  private find(terminal: FakeTbankTerminal, params: Json): FakeTbankPayment {
    const paymentId = textOf(params.PaymentId);
    if (!present(paymentId)) throw missing('PaymentId');
    const payment = this.payment(paymentId ?? '');
    if (!payment || payment.terminalKey !== terminal.terminalKey)
      throw new Refusal('255', 'Платеж не найден');
    return payment;
  }

  // ---- methods ----

  private init(terminal: FakeTbankTerminal, params: Json): Json {
    const amount = params.Amount;
    if (!present(amount)) throw missing('Amount');
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      throw wrongParams('Поле Amount должно быть целым положительным числом копеек.');
    const orderId = textOf(params.OrderId);
    if (orderId === undefined || orderId === '') throw missing('OrderId');
    if (orderId.length > 36) throw new Refusal('212', 'Размер поля OrderId должен быть от 1 до 36');
    const description = params.Description;
    if (description !== undefined && (typeof description !== 'string' || description.length > 140))
      throw wrongParams('Размер поля Description должен быть от 0 до 140.');
    const customerKey = textOf(params.CustomerKey);
    if (customerKey !== undefined && (customerKey === '' || customerKey.length > 36))
      throw new Refusal('216', 'Размер поля CustomerKey должен быть от 1 до 36');
    const recurrent = params.Recurrent;
    if (recurrent !== undefined && recurrent !== 'Y' && recurrent !== 'N')
      throw wrongParams('Поле Recurrent может принимать значение Y.');
    if (recurrent === 'Y' && customerKey === undefined)
      throw wrongParams('Поле CustomerKey обязательно, если передан Recurrent.');
    const payType = params.PayType ?? terminal.payType;
    if (payType !== 'O' && payType !== 'T')
      throw wrongParams('Поле PayType может принимать значения O или T.');
    const language = params.Language ?? 'ru';
    if (language !== 'ru' && language !== 'en')
      throw wrongParams('Поле Language может принимать значения ru или en.');
    for (const field of ['NotificationURL', 'SuccessURL', 'FailURL']) {
      const value = params[field];
      if (value !== undefined && (typeof value !== 'string' || value.length > 250 || !isUrl(value)))
        throw wrongParams(`Неверный формат поля ${field}.`);
    }
    const data = this.data(params.DATA);
    const initiator = data.OperationInitiatorType ?? null;
    if (initiator !== null) {
      if (!INITIATOR_TYPES.includes(initiator))
        throw wrongParams('Поле OperationInitiatorType может принимать значения 0, 1, 2, R, I.');
      // ECOM terminal (§1.6): 1 goes with Recurrent=Y only; 2 and R are for Charge; I is forbidden.
      if ((recurrent === 'Y') !== (initiator === '1') || initiator === 'I') throw mismatchedInitiator();
    }
    const receipt = params.Receipt;
    if (receipt === undefined || receipt === null) {
      if (terminal.receiptRequired) throw new Refusal('309', 'Поле Receipt не должно быть пустым');
    } else {
      this.checkReceipt(receipt, amount);
    }
    const paid = this.payments.find(
      (payment) =>
        payment.terminalKey === terminal.terminalKey &&
        payment.orderId === orderId &&
        SUCCESSFUL.has(payment.status),
    );
    if (paid)
      throw new Refusal(
        '623',
        'Выплата по этому заказу уже прошла',
        'Запрещено проводить платеж с OrderId для которого уже есть успешный платеж',
      );

    const paymentId = String(this.nextPaymentId++);
    const form = crypto.randomUUID().replaceAll('-', '').slice(0, 10);
    const payment: FakeTbankPayment = {
      paymentId,
      terminalKey: terminal.terminalKey,
      orderId,
      amount,
      remainingAmount: amount,
      status: 'NEW',
      history: ['NEW'],
      payType,
      description: typeof description === 'string' ? description : null,
      customerKey: customerKey ?? null,
      recurrent: recurrent === 'Y',
      language,
      notificationUrl: textOf(params.NotificationURL) ?? terminal.notificationUrl,
      successUrl: textOf(params.SuccessURL) ?? null,
      failUrl: textOf(params.FailURL) ?? null,
      data,
      receipt: isRecord(receipt) ? receipt : null,
      operationInitiatorType: initiator,
      paymentUrl: `${this.url}/new/${form}`,
      rebillId: null,
      chargedWith: null,
      card: null,
      errorCode: '0',
      message: null,
      details: null,
    };
    this.payments.push(payment);
    this.forms.set(form, payment);
    return {
      Success: true,
      ErrorCode: '0',
      TerminalKey: terminal.terminalKey,
      Status: 'NEW',
      PaymentId: paymentId,
      OrderId: orderId,
      Amount: amount,
      PaymentURL: payment.paymentUrl,
    };
  }

  /**
   * DATA: ≤20 pairs, keys ≤20 characters, values ≤100 (§1.2). The key limit cannot hold for
   * T-Bank's own keys (OperationInitiatorType has 22 characters), so those are exempt.
   */
  private data(value: unknown): Record<string, string> {
    if (value === undefined || value === null) return {};
    if (!isRecord(value)) throw wrongParams('Поле DATA должно быть объектом.');
    const entries = Object.entries(value);
    if (entries.length > 20) throw wrongParams('В поле DATA не больше 20 пар.');
    const data: Record<string, string> = {};
    for (const [key, item] of entries) {
      const text = typeof item === 'boolean' ? String(item) : textOf(item);
      if ((key.length > 20 && !DOCUMENTED_DATA_KEYS.has(key)) || text === undefined || text.length > 100)
        throw wrongParams(`Неверное значение DATA.${key}: ключ до 20 символов, значение до 100.`);
      data[key] = text;
    }
    return data;
  }

  /** Receipt_FFD_105 / Receipt_FFD_12 as v1.80 describes them (§1.9). */
  private checkReceipt(receipt: unknown, amount: number): void {
    if (!isRecord(receipt)) throw wrongParams('Поле Receipt должно быть объектом.');
    const version = receipt.FfdVersion ?? '1.05';
    if (version !== '1.05' && version !== '1.2')
      throw wrongParams('Поле FfdVersion может быть 1.05 или 1.2.');
    const email = receipt.Email;
    const phone = receipt.Phone;
    if (!present(email) && !present(phone))
      throw new Refusal('329', 'Email или Phone обязательны при передаче чека');
    if (present(email) && (typeof email !== 'string' || email.length > 64 || !email.includes('@')))
      throw new Refusal('224', 'Неверный формат email');
    // Phone: `+` and digits (§1.9), at most 19 characters (error 316).
    if (present(phone) && typeof phone === 'string' && phone.length > 19)
      throw new Refusal('316', 'Номер телефона не может содержать больше 19 символов');
    if (present(phone) && (typeof phone !== 'string' || !/^\+\d+$/.test(phone)))
      throw wrongParams('Неверный формат поля Phone.');
    if (!present(receipt.Taxation)) throw missing('Receipt.Taxation');
    if (!TAXATIONS.includes(String(receipt.Taxation)))
      throw wrongParams(`Неверное значение поля Taxation: ${String(receipt.Taxation)}.`);
    const items = receipt.Items;
    if (!Array.isArray(items) || items.length === 0) throw missing('Receipt.Items');
    if (items.length > 100) throw wrongParams('В чеке не больше 100 позиций.');
    let total = 0;
    items.forEach((item: unknown, index) => {
      const where = `Receipt.Items[${index}]`;
      if (!isRecord(item)) throw wrongParams(`${where} должен быть объектом.`);
      for (const field of ['Name', 'Price', 'Quantity', 'Amount', 'Tax']) {
        if (!present(item[field])) throw missing(`${where}.${field}`);
      }
      if (version === '1.2') {
        for (const field of ['PaymentMethod', 'PaymentObject', 'MeasurementUnit']) {
          if (!present(item[field])) throw missing(`${where}.${field}`);
        }
      }
      if (typeof item.Name !== 'string' || item.Name.length > 128)
        throw wrongParams(`Размер поля ${where}.Name должен быть от 1 до 128.`);
      for (const field of ['Price', 'Quantity', 'Amount']) {
        const value = item[field];
        if (typeof value !== 'number' || value < 0)
          throw wrongParams(`Поле ${where}.${field} должно быть числом.`);
      }
      if (!Number.isSafeInteger(item.Amount) || !Number.isSafeInteger(item.Price))
        throw wrongParams(`Суммы в ${where} указываются в копейках.`);
      if (!TAXES.includes(String(item.Tax))) throw wrongParams(`Неверное значение поля ${where}.Tax.`);
      if (present(item.PaymentMethod) && !PAYMENT_METHODS.includes(String(item.PaymentMethod)))
        throw wrongParams(`Неверное значение поля ${where}.PaymentMethod.`);
      const objects = version === '1.2' ? OBJECTS_12 : OBJECTS_105;
      if (present(item.PaymentObject) && !objects.includes(String(item.PaymentObject)))
        throw wrongParams(`Неверное значение поля ${where}.PaymentObject.`);
      total += Number(item.Amount);
    });
    if (total !== amount)
      throw new Refusal('308', 'Сумма всех позиций в чеке должна равняться сумме всех видов оплаты');
    const payments = receipt.Payments;
    if (isRecord(payments) && payments.Electronic !== undefined && payments.Electronic !== amount)
      throw new Refusal('334', 'Суммы в чеке и в платеже не совпадают');
  }

  private getState(terminal: FakeTbankTerminal, params: Json): Json {
    const payment = this.find(terminal, params);
    return {
      Success: true,
      ErrorCode: '0',
      Message: 'OK',
      TerminalKey: terminal.terminalKey,
      Status: payment.status,
      PaymentId: payment.paymentId,
      OrderId: payment.orderId,
      Amount: payment.amount,
    };
  }

  private charge(terminal: FakeTbankTerminal, params: Json): Json {
    if (!present(params.PaymentId)) throw missing('PaymentId');
    if (!present(params.RebillId)) throw missing('RebillId');
    if (!terminal.chargeEnabled) throw new Refusal('10', 'Метод Charge заблокирован для данного терминала');
    const payment = this.find(terminal, params);
    if (payment.status !== 'NEW') throw new Refusal('8', 'Неверный статус транзакции');
    const rebillText = textOf(params.RebillId) ?? '';
    const parent = /^\d+$/.test(rebillText) ? this.rebills.get(Number(rebillText)) : undefined;
    if (!parent || parent.terminalKey !== terminal.terminalKey)
      throw new Refusal('104', 'Ошибка выполнения рекуррента', `RebillId ${rebillText} не найден`);
    // A RebillId in Charge means a card on file: 2 or R (I is not for ECOM); 0 and 1 do not fit.
    const initiator = payment.operationInitiatorType;
    if (initiator !== null && initiator !== '2' && initiator !== 'R') throw mismatchedInitiator();

    payment.chargedWith = Number(rebillText);
    payment.card = parent.card;
    const answer = {
      TerminalKey: terminal.terminalKey,
      PaymentId: payment.paymentId,
      OrderId: payment.orderId,
      Amount: payment.amount,
    };
    if (this.chargeOutcome === 'insufficient_funds') {
      this.fail(payment, 'REJECTED', INSUFFICIENT_FUNDS.code, INSUFFICIENT_FUNDS.message);
      void this.notify(payment);
      return {
        Success: false,
        ErrorCode: INSUFFICIENT_FUNDS.code,
        Message: INSUFFICIENT_FUNDS.message,
        Details: 'Операция отклонена банком, выпустившим карту',
        Status: 'REJECTED',
        ...answer,
      };
    }
    this.move(payment, payment.payType === 'T' ? 'AUTHORIZED' : 'CONFIRMED');
    void this.notify(payment);
    return { Success: true, ErrorCode: '0', Status: payment.status, ...answer };
  }

  private cancel(terminal: FakeTbankTerminal, params: Json): Json {
    const payment = this.find(terminal, params);
    const original = payment.remainingAmount;
    const requested = params.Amount;
    if (
      requested !== undefined &&
      (typeof requested !== 'number' || !Number.isSafeInteger(requested) || requested <= 0)
    )
      throw wrongParams('Поле Amount должно быть целым положительным числом копеек.');
    this.cancelPayment(payment, requested);
    void this.notify(payment);
    return {
      Success: true,
      ErrorCode: '0',
      TerminalKey: terminal.terminalKey,
      Status: payment.status,
      PaymentId: Number(payment.paymentId),
      OrderId: payment.orderId,
      OriginalAmount: original,
      NewAmount: payment.remainingAmount,
    };
  }

  /** Cancel's transitions (§1.5): NEW → CANCELED, a hold → (PARTIAL_)REVERSED, paid → (PARTIAL_)REFUNDED. */
  private cancelPayment(payment: FakeTbankPayment, requested: number | undefined): void {
    const original = payment.remainingAmount;
    const status = payment.status;
    if (status === 'NEW' || status === 'FORM_SHOWED') {
      // Amount is ignored for NEW (§1.5).
      payment.remainingAmount = 0;
      this.move(payment, 'CANCELED');
    } else if (['AUTHORIZED', 'PARTIAL_REVERSED', 'CONFIRMED', 'PARTIAL_REFUNDED'].includes(status)) {
      const amount = requested ?? original;
      if (amount > original)
        throw new Refusal(
          '100',
          'Не получилось отменить платеж. Укажите сумму не больше, чем зарезервировано',
        );
      payment.remainingAmount = original - amount;
      const hold = status === 'AUTHORIZED' || status === 'PARTIAL_REVERSED';
      const whole = payment.remainingAmount === 0;
      this.move(
        payment,
        hold ? (whole ? 'REVERSED' : 'PARTIAL_REVERSED') : whole ? 'REFUNDED' : 'PARTIAL_REFUNDED',
      );
    } else {
      throw new Refusal('8', 'Неверный статус транзакции');
    }
  }

  private confirm(terminal: FakeTbankTerminal, params: Json): Json {
    const payment = this.find(terminal, params);
    if (payment.status !== 'AUTHORIZED') throw new Refusal('8', 'Неверный статус транзакции');
    const requested = params.Amount;
    if (requested !== undefined) {
      if (typeof requested !== 'number' || !Number.isSafeInteger(requested) || requested <= 0)
        throw wrongParams('Поле Amount должно быть целым положительным числом копеек.');
      if (requested > payment.remainingAmount) throw new Refusal('8', 'Неверный статус транзакции');
      payment.remainingAmount = requested;
    }
    this.move(payment, 'CONFIRMED');
    void this.notify(payment);
    return {
      Success: true,
      ErrorCode: '0',
      TerminalKey: terminal.terminalKey,
      Status: 'CONFIRMED',
      PaymentId: payment.paymentId,
      OrderId: payment.orderId,
    };
  }

  // ---- state and notifications ----

  private payable(paymentId: string | number): FakeTbankPayment {
    const payment = this.payment(paymentId);
    if (!payment) throw new Error(`fake T-Bank: no payment ${paymentId}`);
    if (payment.status !== 'NEW' && payment.status !== 'FORM_SHOWED')
      throw new Error(`fake T-Bank: payment ${paymentId} is ${payment.status}, not waiting for the customer`);
    return payment;
  }

  private move(payment: FakeTbankPayment, status: FakeTbankStatus): void {
    payment.status = status;
    payment.history.push(status);
  }

  private fail(
    payment: FakeTbankPayment,
    status: FakeTbankStatus,
    code: string,
    message: string | null,
    details: string | null = null,
  ): void {
    payment.errorCode = code;
    payment.message = message;
    payment.details = details;
    this.move(payment, status);
  }

  /** NotificationPayment for the payment's current status (§1.7), signed. */
  notificationOf(payment: FakeTbankPayment): Json {
    const rebillId = payment.rebillId ?? payment.chargedWith;
    const success = payment.errorCode === '0';
    const body: Json = {
      TerminalKey: payment.terminalKey,
      OrderId: payment.orderId,
      Success: success,
      Status: payment.status,
      PaymentId: Number(payment.paymentId),
      ErrorCode: payment.errorCode,
      Amount: payment.amount,
      ...(payment.card
        ? { CardId: payment.card.cardId, Pan: payment.card.pan, ExpDate: payment.card.expDate }
        : {}),
      ...(rebillId !== null && success ? { RebillId: rebillId } : {}),
      ...(payment.message === null ? {} : { Message: payment.message }),
      ...(payment.details === null ? {} : { Details: payment.details }),
      DATA: { Route: 'ACQ', Source: 'cards' },
    };
    return this.sign(payment.terminalKey, body);
  }

  private async notifyReceipt(payment: FakeTbankPayment): Promise<void> {
    const body = this.sign(payment.terminalKey, {
      TerminalKey: payment.terminalKey,
      OrderId: payment.orderId,
      Success: true,
      Status: 'RECEIPT',
      PaymentId: Number(payment.paymentId),
      ErrorCode: '0',
      Amount: payment.amount,
      FiscalNumber: 1,
      ShiftNumber: 1,
      ReceiptDatetime: new Date().toISOString(),
      FnNumber: '9999078900004792',
      EcrRegNumber: '0000000001002292',
      FiscalDocumentNumber: 100,
      FiscalDocumentAttribute: 1_234_567_890,
      Type: 'Income',
      Receipt: payment.receipt ?? {},
    });
    if (payment.notificationUrl)
      await this.deliver(this.newDelivery(payment.paymentId, 'RECEIPT', payment.notificationUrl, body));
  }

  private notify(payment: FakeTbankPayment): Promise<void> {
    if (!payment.notificationUrl) return Promise.resolve();
    return this.deliver(
      this.newDelivery(
        payment.paymentId,
        payment.status,
        payment.notificationUrl,
        this.notificationOf(payment),
      ),
    );
  }

  private newDelivery(paymentId: string, status: string, url: string, body: Json): FakeTbankDelivery {
    const delivery: FakeTbankDelivery = {
      id: this.nextDeliveryId++,
      paymentId,
      status,
      url,
      body,
      attempts: [],
      delivered: false,
    };
    this.deliveries.push(delivery);
    return delivery;
  }

  /** The first attempt is awaited; further ones run in the background (see `settled`). */
  private async deliver(delivery: FakeTbankDelivery): Promise<void> {
    if (await this.attempt(delivery)) return;
    const retries = (async () => {
      while (!delivery.delivered && !this.closed && delivery.attempts.length < this.maxAttempts) {
        await sleep(this.retryIntervalMs);
        if (!this.closed) await this.attempt(delivery);
      }
    })();
    this.retrying.add(retries);
    void retries.finally(() => this.retrying.delete(retries));
  }

  private async attempt(delivery: FakeTbankDelivery): Promise<boolean> {
    let status: number | null = null;
    let answer: string;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(this.attemptTimeoutMs),
      });
      status = response.status;
      answer = await response.text();
    } catch (error) {
      answer = error instanceof Error ? error.message : String(error);
    }
    delivery.attempts.push({ at: Date.now(), status, answer: answer.slice(0, 200) });
    // "OK" exactly, with HTTP 200; anything else counts as a failure (§1.7).
    if (status === 200 && answer === 'OK') delivery.delivered = true;
    return delivery.delivered;
  }

  // ---- the payment form ----

  private html(response: ServerResponse, status: number, title: string, content: string): void {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
        `<body><h1>${escapeHtml(title)}</h1>${content}</body></html>`,
    );
  }

  private redirect(response: ServerResponse, location: string | null, title: string): void {
    if (!location) {
      this.html(response, 200, title, '');
      return;
    }
    response.writeHead(303, { location });
    response.end();
  }

  private async page(
    method: string,
    form: string,
    action: string | undefined,
    body: string,
    response: ServerResponse,
  ): Promise<void> {
    const payment = this.forms.get(form);
    if (!payment) return this.html(response, 404, 'Платеж не найден', '');
    const waiting = payment.status === 'NEW' || payment.status === 'FORM_SHOWED';
    if (method === 'GET' && action === undefined) {
      if (payment.status === 'NEW') this.move(payment, 'FORM_SHOWED');
      const buttons = waiting
        ? `<form method="post" action="/new/${form}/pay">` +
          '<label>Карта <select name="card"><option value="success">2201 3820 0000 0013</option>' +
          '<option value="insufficient_funds">2201 3820 0000 0831</option></select></label> ' +
          '<button type="submit">Оплатить</button></form>' +
          `<form method="post" action="/new/${form}/decline"><button type="submit">Отказаться</button></form>`
        : `<p>Статус: ${escapeHtml(payment.status)}</p>`;
      return this.html(
        response,
        200,
        'Оплата заказа',
        `<p class="description">${escapeHtml(payment.description ?? '')}</p>` +
          `<p class="amount" data-amount="${payment.amount}">${rubles(payment.amount)}</p>${buttons}`,
      );
    }
    if (method !== 'POST' || action === undefined)
      return this.html(response, 405, 'Метод не поддерживается', '');
    if (!waiting)
      return this.html(response, 409, 'Платеж уже обработан', `<p>${escapeHtml(payment.status)}</p>`);
    if (action === 'decline') {
      await this.decline(payment.paymentId);
      return this.redirect(response, payment.failUrl, 'Оплата отменена');
    }
    const card = new URLSearchParams(body).get('card');
    await this.pay(payment.paymentId, { card: card === 'insufficient_funds' ? card : 'success' });
    return payment.status === 'REJECTED'
      ? this.redirect(response, payment.failUrl, 'Оплата не прошла')
      : this.redirect(response, payment.successUrl, 'Оплата прошла');
  }

  // ---- for tests inside workerd ----

  /**
   * The methods above over HTTP; these calls are not API calls and are not recorded in `calls`.
   *   GET  /__fake/payments                         → {payments}
   *   GET  /__fake/calls?method=                    → {calls}
   *   GET  /__fake/deliveries?paymentId=            → {deliveries}
   *   POST /__fake/terminals   {terminalKey, password, chargeEnabled?, receiptRequired?, payType?,
   *                             notificationUrl?}   → {ok}
   *   POST /__fake/pay         {paymentId, card?}   → {payment}     (after the first notification attempt)
   *   POST /__fake/decline     {paymentId}          → {payment}
   *   POST /__fake/expire      {paymentId}          → {payment}
   *   POST /__fake/refund      {paymentId, amount?} → {payment}     (after the first notification attempt)
   *   POST /__fake/redeliver   {paymentId, times?}  → {attempts}
   *   POST /__fake/charge-outcome {card}            → {chargeOutcome}
   *   POST /__fake/settled                          → {ok}          (when no retry is pending)
   *   POST /__fake/reset                            → {ok}
   */
  private async introspect(
    method: string,
    url: URL,
    body: string,
  ): Promise<{ status: number; value: unknown }> {
    const parsed: unknown = body ? JSON.parse(body) : {};
    const input: Json = isRecord(parsed) ? parsed : {};
    const query = (name: string) => url.searchParams.get(name) ?? undefined;
    const paymentId = textOf(input.paymentId) ?? '';
    const card = (value: unknown): FakeTbankCard | undefined =>
      value === 'success' || value === 'insufficient_funds' ? value : undefined;
    const route = `${method} ${url.pathname}`;
    const ok = (value: unknown) => ({ status: 200, value });
    const failed = (error: unknown) => ({ status: 400, value: { error: String(error) } });
    try {
      switch (route) {
        case 'GET /__fake/payments':
          return ok({ payments: this.payments });
        case 'GET /__fake/calls': {
          const of = query('method');
          return ok({ calls: of ? this.callsOf(of) : this.calls });
        }
        case 'GET /__fake/deliveries': {
          const of = query('paymentId');
          return ok({ deliveries: of ? this.deliveriesOf(of) : this.deliveries });
        }
        case 'POST /__fake/terminals': {
          const terminalKey = textOf(input.terminalKey);
          const password = textOf(input.password);
          if (!terminalKey || !password) return failed('terminalKey and password are required');
          this.addTerminal({
            terminalKey,
            password,
            ...(typeof input.chargeEnabled === 'boolean' ? { chargeEnabled: input.chargeEnabled } : {}),
            ...(typeof input.receiptRequired === 'boolean' ? { receiptRequired: input.receiptRequired } : {}),
            ...(input.payType === 'O' || input.payType === 'T' ? { payType: input.payType } : {}),
            ...(typeof input.notificationUrl === 'string' ? { notificationUrl: input.notificationUrl } : {}),
          });
          return ok({ ok: true });
        }
        case 'POST /__fake/pay':
          return ok({ payment: await this.pay(paymentId, { card: card(input.card) }) });
        case 'POST /__fake/decline':
          return ok({ payment: await this.decline(paymentId) });
        case 'POST /__fake/expire':
          return ok({ payment: await this.expire(paymentId) });
        case 'POST /__fake/refund':
          return ok({
            payment: await this.refund(paymentId, {
              ...(typeof input.amount === 'number' ? { amount: input.amount } : {}),
            }),
          });
        case 'POST /__fake/redeliver':
          return ok({
            attempts: await this.redeliver(paymentId, typeof input.times === 'number' ? input.times : 1),
          });
        case 'POST /__fake/charge-outcome':
          this.chargeOutcome = card(input.card) ?? 'success';
          return ok({ chargeOutcome: this.chargeOutcome });
        case 'POST /__fake/settled':
          await this.settled();
          return ok({ ok: true });
        case 'POST /__fake/reset':
          this.reset();
          return ok({ ok: true });
        default:
          return { status: 404, value: { error: 'not found' } };
      }
    } catch (error) {
      return failed(error instanceof Error ? error.message : error);
    }
  }
}

export const startFakeTbank = (options: FakeTbankOptions = {}) => new FakeTbank(options).start();
