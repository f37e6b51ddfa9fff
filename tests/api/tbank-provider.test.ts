import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTbankClient } from '../../functions/payments/tbank/client';
import { createTbankProvider, type TbankProviderOptions } from '../../functions/payments/tbank/provider';
import {
  type CheckoutRequest,
  type NotificationResult,
  type PaymentEvent,
  PaymentProviderError,
} from '../../functions/ports/payments';
import { type FakeServer, serveFake } from '../fakes/serve';
import { type FakeTbank, startFakeTbank } from '../fakes/tbank';

const TERMINAL_KEY = '1700000000001DEMO';
const PASSWORD = 'k3yPassw0rdDemo';
const NO_CHARGE_TERMINAL = '1700000000002DEMO';

let fake: FakeTbank;
let receiver: FakeServer;
/** Bodies the notification endpoint received, in order. */
const received: string[] = [];
/** How the endpoint answers the next notifications (then 200 "OK"). */
const answers: { status: number; body: string }[] = [];

beforeAll(async () => {
  fake = await startFakeTbank({
    terminals: [
      { terminalKey: TERMINAL_KEY, password: PASSWORD },
      { terminalKey: NO_CHARGE_TERMINAL, password: PASSWORD, chargeEnabled: false },
    ],
    retryIntervalMs: 30,
    maxAttempts: 4,
  });
  receiver = await serveFake((_request, body, response) => {
    received.push(body);
    const answer = answers.shift() ?? { status: 200, body: 'OK' };
    response.writeHead(answer.status, { 'content-type': 'text/plain' });
    response.end(answer.body);
  });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
beforeEach(() => {
  fake.reset();
  received.length = 0;
  answers.length = 0;
});

function provider(options: Partial<TbankProviderOptions> = {}) {
  return createTbankProvider({
    terminalKey: TERMINAL_KEY,
    password: PASSWORD,
    apiRoot: fake.url,
    fiscal: { taxation: 'usn_income', tax: 'none', paymentMethod: 'fullPayment', paymentObject: 'service' },
    ...options,
  });
}

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    orderId: crypto.randomUUID(),
    amountMinor: 150_000,
    currency: 'rub',
    description: 'Пополнение баланса',
    customerKey: 'acc_7f3a2c',
    email: 'owner@example.com',
    saveMethod: true,
    language: 'ru',
    successUrl: 'https://app.example.com/billing/success',
    failUrl: 'https://app.example.com/billing/fail',
    notificationUrl: `${receiver.url}/payments/tbank`,
    ...overrides,
  };
}

const read = (body: string): Promise<NotificationResult> =>
  provider().readNotification({ body, headers: new Headers({ 'content-type': 'application/json' }) });

async function onlyEvent(body: string): Promise<PaymentEvent> {
  const result = await read(body);
  if (result.kind !== 'events') throw new Error(`expected events, got ${result.kind}`);
  expect(result.events).toHaveLength(1);
  return result.events[0] as PaymentEvent;
}

async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

/** A checkout paid on the form with the success card; the parent of later charges. */
async function paidParent() {
  const request = checkout();
  const session = await provider().createCheckout(request);
  await fake.pay(session.providerPaymentId);
  const event = await onlyEvent(received.at(-1) ?? '');
  return { request, session, event };
}

describe('T-Bank checkout', () => {
  it('Init gives a PaymentURL with a signed request, a recurrent parent and a receipt', async () => {
    const request = checkout();
    const session = await provider().createCheckout(request);
    expect(session.paymentUrl).toMatch(new RegExp(`^${fake.url}/new/[a-z0-9]+$`));
    expect(session.providerPaymentId).toMatch(/^\d+$/);

    const [init] = fake.callsOf('Init');
    expect(init?.response).toMatchObject({ Success: true, ErrorCode: '0', Status: 'NEW' });
    expect(typeof init?.response.PaymentId).toBe('string');
    expect(init?.params).toMatchObject({
      TerminalKey: TERMINAL_KEY,
      Amount: 150_000,
      OrderId: request.orderId,
      Description: 'Пополнение баланса',
      CustomerKey: 'acc_7f3a2c',
      Recurrent: 'Y',
      Language: 'ru',
      SuccessURL: request.successUrl,
      FailURL: request.failUrl,
      NotificationURL: request.notificationUrl,
      DATA: { Email: 'owner@example.com', OperationInitiatorType: '1' },
      Receipt: {
        FfdVersion: '1.05',
        Email: 'owner@example.com',
        Taxation: 'usn_income',
        Items: [
          {
            Name: 'Пополнение баланса',
            Price: 150_000,
            Quantity: 1,
            Amount: 150_000,
            Tax: 'none',
            PaymentMethod: 'full_payment',
            PaymentObject: 'service',
          },
        ],
      },
    });
    expect(init?.params.Token).toMatch(/^[0-9a-f]{64}$/);

    const page = await fetch(session.paymentUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('data-amount="150000"');
    expect(html).toContain('Оплатить');
    expect(html).toContain('Отказаться');
    expect(fake.payment(session.providerPaymentId)?.status).toBe('FORM_SHOWED');
  });

  it('a checkout without saving the card sends no Recurrent and initiator type 0', async () => {
    await provider().createCheckout(checkout({ saveMethod: false }));
    const params = fake.callsOf('Init')[0]?.params;
    expect(params?.Recurrent).toBeUndefined();
    expect(params?.DATA).toEqual({ Email: 'owner@example.com', OperationInitiatorType: '0' });
  });

  it('paying on the form notifies a signed CONFIRMED that reads as paid with the saved card', async () => {
    const request = checkout();
    const session = await provider().createCheckout(request);
    const paid = await fetch(`${session.paymentUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=success',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(request.successUrl);

    expect(received).toHaveLength(1);
    const raw = JSON.parse(received[0] ?? '{}') as Record<string, unknown>;
    expect(typeof raw.PaymentId).toBe('number');
    expect(typeof raw.Amount).toBe('number');
    expect(typeof raw.RebillId).toBe('number');
    expect(raw).toMatchObject({ Status: 'CONFIRMED', Success: true, ErrorCode: '0', ExpDate: '1230' });

    const payment = fake.payment(session.providerPaymentId);
    expect(payment?.status).toBe('CONFIRMED');
    expect(await onlyEvent(received[0] ?? '')).toEqual({
      orderId: request.orderId,
      providerPaymentId: session.providerPaymentId,
      state: 'paid',
      amountMinor: 150_000,
      providerStatus: 'CONFIRMED',
      savedMethod: { token: String(payment?.rebillId), label: '220138******0013' },
    });
    expect(fake.deliveriesOf(session.providerPaymentId)[0]?.delivered).toBe(true);
  });

  it('refusing on the form notifies REJECTED, which reads as failed, and goes to FailURL', async () => {
    const request = checkout();
    const session = await provider().createCheckout(request);
    const refused = await fetch(`${session.paymentUrl}/decline`, { method: 'POST', redirect: 'manual' });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(request.failUrl);
    const event = await onlyEvent(received[0] ?? '');
    expect(event).toMatchObject({ state: 'failed', providerStatus: 'REJECTED' });
    expect(event.savedMethod).toBeUndefined();
    expect(event.failureMessage).toBeTruthy();
  });

  it('a declined card notifies REJECTED with the bank reason', async () => {
    const session = await provider().createCheckout(checkout());
    await fake.pay(session.providerPaymentId, { card: 'insufficient_funds' });
    const event = await onlyEvent(received[0] ?? '');
    expect(event).toMatchObject({ state: 'failed', providerStatus: 'REJECTED' });
    expect(event.failureMessage).toContain('Недостаточно средств');
  });

  it('a forged or tampered notification is rejected; a fiscal one is ignored', async () => {
    const { session } = await paidParent();
    const genuine = JSON.parse(received[0] ?? '{}') as Record<string, unknown>;
    expect(await read(JSON.stringify({ ...genuine, Amount: 15_000_000 }))).toEqual({ kind: 'rejected' });
    expect(await read(JSON.stringify({ ...genuine, Token: undefined }))).toEqual({ kind: 'rejected' });
    expect(await read(JSON.stringify({ ...genuine, TerminalKey: 'SomeOtherTerminal' }))).toEqual({
      kind: 'rejected',
    });
    const other = createTbankProvider({
      terminalKey: TERMINAL_KEY,
      password: 'not-the-password',
      apiRoot: fake.url,
    });
    expect(await other.readNotification({ body: received[0] ?? '', headers: new Headers() })).toEqual({
      kind: 'rejected',
    });
    expect(await read('not json')).toEqual({ kind: 'rejected' });
    expect(await read('[1,2]')).toEqual({ kind: 'rejected' });

    const fiscal = fake.sign(TERMINAL_KEY, {
      TerminalKey: TERMINAL_KEY,
      OrderId: genuine.OrderId,
      Success: true,
      Status: 'RECEIPT',
      PaymentId: Number(session.providerPaymentId),
      ErrorCode: '0',
      Amount: 150_000,
      FiscalNumber: 7,
      Receipt: { Items: [] },
    });
    expect(await read(JSON.stringify(fiscal))).toEqual({ kind: 'ignored' });
  });

  it('retries a notification until the answer is 200 with exactly OK, and can deliver it again', async () => {
    answers.push({ status: 200, body: 'ok' }, { status: 500, body: 'OK' });
    const session = await provider().createCheckout(checkout());
    await fake.pay(session.providerPaymentId);
    await fake.settled();
    const [delivery] = fake.deliveriesOf(session.providerPaymentId);
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([200, 500, 200]);
    expect(delivery?.delivered).toBe(true);
    expect(received).toHaveLength(3);
    expect(new Set(received).size).toBe(1);

    const again = await fake.redeliver(session.providerPaymentId, 2);
    expect(again.map((attempt) => attempt.answer)).toEqual(['OK', 'OK']);
    expect(received).toHaveLength(5);
    expect((await onlyEvent(received[4] ?? '')).state).toBe('paid');
  });

  it('gives up after maxAttempts when the endpoint never answers OK', async () => {
    answers.push(...Array.from({ length: 10 }, () => ({ status: 503, body: 'busy' })));
    const session = await provider().createCheckout(checkout());
    await fake.pay(session.providerPaymentId);
    await fake.settled();
    const [delivery] = fake.deliveriesOf(session.providerPaymentId);
    expect(delivery?.attempts).toHaveLength(4);
    expect(delivery?.delivered).toBe(false);
  });

  it('answers "OK" as text/plain', () => {
    expect(provider().notificationAnswer).toEqual({ body: 'OK', contentType: 'text/plain' });
  });
});

describe('T-Bank refusals', () => {
  it('a wrong password is a PaymentProviderError with code 204', async () => {
    const error = await refusal(provider({ password: 'wrong-password' }).createCheckout(checkout()));
    expect(error.provider).toBe('tbank');
    expect(error.providerCode).toBe('204');
    expect(error.message).toBe('Неверный токен. Проверьте пару TerminalKey/SecretKey');
  });

  it('an unknown terminal is 205', async () => {
    const error = await refusal(provider({ terminalKey: 'NoSuchTerminalDEMO' }).createCheckout(checkout()));
    expect(error.providerCode).toBe('205');
    expect(error.message).toContain('Указанный терминал не найден');
  });

  it('only rubles: another currency is refused before any request', async () => {
    const error = await refusal(provider().createCheckout(checkout({ currency: 'usd' })));
    expect(error.providerCode).toBe('unsupported_currency');
    expect(error.message).toContain('rub');
    expect(fake.calls).toHaveLength(0);
  });

  it('envd is refused when the provider is configured', () => {
    expect(() => provider({ fiscal: { taxation: 'envd' } })).toThrow(/taxation: envd/);
  });

  it('the fake refuses an Amount that differs from the receipt items (308)', async () => {
    const client = createTbankClient({ terminalKey: TERMINAL_KEY, password: PASSWORD, apiRoot: fake.url });
    const receipt = {
      FfdVersion: '1.05' as const,
      Email: 'owner@example.com',
      Taxation: 'osn' as const,
      Items: [
        {
          Name: 'Тариф',
          Price: 100_000,
          Quantity: 1,
          Amount: 100_000,
          Tax: 'vat20' as const,
          PaymentMethod: 'full_payment' as const,
          PaymentObject: 'service' as const,
        },
      ],
    };
    const error = await refusal(
      client.init({ Amount: 150_000, OrderId: crypto.randomUUID(), Receipt: receipt }),
    );
    expect(error.providerCode).toBe('308');
    const ok = await client.init({ Amount: 100_000, OrderId: crypto.randomUUID(), Receipt: receipt });
    expect(ok.status).toBe('NEW');
  });

  it('the fake refuses missing fields (9999 with Details), no receipt (309) and envd on the wire', async () => {
    const client = createTbankClient({ terminalKey: TERMINAL_KEY, password: PASSWORD, apiRoot: fake.url });
    const missing = await refusal(client.init({ Amount: 100, OrderId: '' }));
    expect(missing.providerCode).toBe('9999');
    expect(missing.message).toBe('Неверные параметры: Поле OrderId не должно быть пустым.');
    expect((await refusal(client.init({ Amount: 100, OrderId: 'order-1' }))).providerCode).toBe('309');
    const receipt = {
      Email: 'a@b.ru',
      Taxation: 'envd',
      Items: [{ Name: 'x', Price: 100, Quantity: 1, Amount: 100, Tax: 'none' }],
    };
    const envd = await refusal(
      // @ts-expect-error: envd is not a T-Bank taxation; sent anyway to see the fake refuse it.
      client.init({ Amount: 100, OrderId: 'order-2', Receipt: receipt }),
    );
    expect(envd.providerCode).toBe('9999');
  });

  it('the fake refuses a second payment of an order already paid (623)', async () => {
    const { request } = await paidParent();
    const error = await refusal(provider().createCheckout({ ...request }));
    expect(error.providerCode).toBe('623');
  });

  it('the fake refuses an initiator type that contradicts Recurrent (1126), and Recurrent without CustomerKey', async () => {
    const client = createTbankClient({ terminalKey: TERMINAL_KEY, password: PASSWORD, apiRoot: fake.url });
    const receipt = {
      FfdVersion: '1.05' as const,
      Email: 'a@b.ru',
      Taxation: 'osn' as const,
      Items: [
        {
          Name: 'x',
          Price: 100,
          Quantity: 1,
          Amount: 100,
          Tax: 'none' as const,
          PaymentMethod: 'full_payment' as const,
          PaymentObject: 'service' as const,
        },
      ],
    };
    const base = { Amount: 100, Receipt: receipt };
    const mismatch = await refusal(
      client.init({
        ...base,
        OrderId: crypto.randomUUID(),
        Recurrent: 'Y',
        CustomerKey: 'c1',
        DATA: { OperationInitiatorType: '0' },
      }),
    );
    expect(mismatch.providerCode).toBe('1126');
    const notRecurrent = await refusal(
      client.init({ ...base, OrderId: crypto.randomUUID(), DATA: { OperationInitiatorType: '1' } }),
    );
    expect(notRecurrent.providerCode).toBe('1126');
    const noCustomer = await refusal(client.init({ ...base, OrderId: crypto.randomUUID(), Recurrent: 'Y' }));
    expect(noCustomer.providerCode).toBe('9999');
    expect(noCustomer.message).toContain('CustomerKey');
  });
});

describe('T-Bank charges of a saved card', () => {
  const charge = (savedMethod: string, orderId = crypto.randomUUID()) => ({
    orderId,
    amountMinor: 99_000,
    currency: 'rub' as const,
    description: 'Продление тарифа «Бизнес»',
    customerKey: 'acc_7f3a2c',
    email: 'owner@example.com',
    savedMethod,
  });

  it('Init with initiator R and Charge with the RebillId settle as paid', async () => {
    const { event } = await paidParent();
    const token = event.savedMethod?.token ?? '';
    fake.reset();
    const request = charge(token);
    const result = await provider().chargeSaved(request);
    expect(result).toMatchObject({
      orderId: request.orderId,
      state: 'paid',
      amountMinor: 99_000,
      providerStatus: 'CONFIRMED',
    });
    const init = fake.callsOf('Init')[0]?.params;
    expect(init?.Recurrent).toBeUndefined();
    expect(init?.CustomerKey).toBeUndefined();
    expect(init?.DATA).toEqual({ Email: 'owner@example.com', OperationInitiatorType: 'R' });
    expect(fake.callsOf('Charge')[0]?.params).toMatchObject({
      PaymentId: result.providerPaymentId,
      RebillId: token,
    });
    expect(fake.payment(result.providerPaymentId)?.status).toBe('CONFIRMED');
  });

  it('with the reject switch the charge settles as failed with the bank reason', async () => {
    const { event } = await paidParent();
    fake.chargeOutcome = 'insufficient_funds';
    const result = await provider().chargeSaved(charge(event.savedMethod?.token ?? ''));
    expect(result).toMatchObject({ state: 'failed', providerStatus: 'REJECTED' });
    expect(result.failureMessage).toContain('Недостаточно средств');
    expect(fake.callsOf('Charge')[0]?.response).toMatchObject({ Success: false, ErrorCode: '1051' });
  });

  it('a RebillId no parent produced is refused, and so is Charge on a terminal without it', async () => {
    const unknown = await refusal(provider().chargeSaved(charge('999999999')));
    expect(unknown.providerCode).toBe('104');
    const disabled = await refusal(
      provider({ terminalKey: NO_CHARGE_TERMINAL }).chargeSaved(charge('999999999')),
    );
    expect(disabled.providerCode).toBe('10');
  });

  it('Charge of a payment whose Init said initiator 0 is refused with 1126', async () => {
    const { event } = await paidParent();
    const client = createTbankClient({ terminalKey: TERMINAL_KEY, password: PASSWORD, apiRoot: fake.url });
    const child = await client.init({
      Amount: 100,
      OrderId: crypto.randomUUID(),
      DATA: { OperationInitiatorType: '0' },
      Receipt: {
        FfdVersion: '1.05',
        Email: 'a@b.ru',
        Taxation: 'osn',
        Items: [
          {
            Name: 'x',
            Price: 100,
            Quantity: 1,
            Amount: 100,
            Tax: 'none',
            PaymentMethod: 'full_payment',
            PaymentObject: 'service',
          },
        ],
      },
    });
    const error = await refusal(
      client.charge({ paymentId: child.paymentId, rebillId: event.savedMethod?.token ?? '' }),
    );
    expect(error.providerCode).toBe('1126');
  });
});

describe('T-Bank state', () => {
  it('getState follows the payment: NEW, FORM_SHOWED, CONFIRMED, REFUNDED', async () => {
    const request = checkout();
    const session = await provider().createCheckout(request);
    const state = () => provider().getState(session.providerPaymentId, request.orderId);
    expect(await state()).toMatchObject({ state: 'pending', providerStatus: 'NEW', amountMinor: 150_000 });
    await fetch(session.paymentUrl);
    expect(await state()).toMatchObject({ state: 'pending', providerStatus: 'FORM_SHOWED' });
    await fake.pay(session.providerPaymentId);
    expect(await state()).toEqual({
      orderId: request.orderId,
      providerPaymentId: session.providerPaymentId,
      state: 'paid',
      amountMinor: 150_000,
      providerStatus: 'CONFIRMED',
    });
    expect(typeof fake.callsOf('GetState')[0]?.response.PaymentId).toBe('string');

    const client = createTbankClient({ terminalKey: TERMINAL_KEY, password: PASSWORD, apiRoot: fake.url });
    const partial = await client.cancel({ paymentId: session.providerPaymentId, amount: 50_000 });
    expect(partial).toMatchObject({
      status: 'PARTIAL_REFUNDED',
      originalAmount: 150_000,
      newAmount: 100_000,
    });
    expect(typeof fake.callsOf('Cancel')[0]?.response.PaymentId).toBe('number');
    expect(await state()).toMatchObject({ state: 'pending', providerStatus: 'PARTIAL_REFUNDED' });
    const rest = await client.cancel({ paymentId: Number(session.providerPaymentId) });
    expect(rest).toMatchObject({ status: 'REFUNDED', newAmount: 0 });
    expect(await state()).toMatchObject({ state: 'refunded', providerStatus: 'REFUNDED' });
    const again = await refusal(client.cancel({ paymentId: session.providerPaymentId }));
    expect(again.providerCode).toBe('8');
  });

  it('a cancelled new payment is CANCELED; an unknown or foreign payment is refused', async () => {
    const request = checkout();
    const session = await provider().createCheckout(request);
    const client = createTbankClient({ terminalKey: TERMINAL_KEY, password: PASSWORD, apiRoot: fake.url });
    expect(await client.cancel({ paymentId: session.providerPaymentId })).toMatchObject({
      status: 'CANCELED',
      newAmount: 0,
    });
    expect(await provider().getState(session.providerPaymentId, request.orderId)).toMatchObject({
      state: 'failed',
      providerStatus: 'CANCELED',
    });
    expect((await refusal(provider().getState('1', request.orderId))).providerCode).toBe('255');
    expect(
      (await refusal(provider().getState(session.providerPaymentId, 'another-order'))).providerCode,
    ).toBe('order_mismatch');
  });
});
