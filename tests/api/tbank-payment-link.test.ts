import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chats, type Integration, integrations } from '../../db/schema';
import { openConnectionSecret } from '../../functions/integrations/connection-secrets';
import { type FakeAlfa, startFakeAlfa } from '../fakes/alfacrm';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeTbank, fakeTbankToken, startFakeTbank } from '../fakes/tbank';
import { signedInUser } from './support/client';
import { createWorkingBot, dialogue, fakeLlm, LLM_KEY, say } from './support/engine';
import { listeningTestApp } from './support/listening-app';

/**
 * The T-Bank payment link (issue #24 §3; reference/payments.md §1) through the app against the
 * fake T-Bank: the business's own terminal checked on connecting (Init + Cancel), the "send a
 * payment link" action making one payment per answer however often it runs, and the payment's
 * notification (Token checked with the integration's password) marking the dialogue paid once.
 */

const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';
const PRODUCT = {
  product_name: 'Консультация',
  amount: 150_000,
  currency: 'rub',
  shop_name: 'Ромашка',
  taxation: 'usn_income',
  tax: 'none',
  payment_method: 'prepayment_100',
  payment_object: 'service',
};

let llm: FakeOpenAi;
let bank: FakeTbank;
let alfa: FakeAlfa;
let terminals = 0;

const app = listeningTestApp(async () => {
  [llm, bank, alfa] = await Promise.all([
    startFakeOpenAi({ apiKey: LLM_KEY }),
    startFakeTbank({ retryIntervalMs: 30, maxAttempts: 3 }),
    startFakeAlfa(),
  ]);
  return { llm: fakeLlm(llm), settings: { apiRoots: { tbank: bank.url, alfacrm: alfa.url } } };
});

afterAll(async () => {
  await bank?.settled();
  await Promise.all([llm?.close(), bank?.close(), alfa?.close()]);
});

beforeEach(() => llm.reset());

/** A terminal of its own for each business, as T-Bank gives one. */
function newTerminal() {
  terminals += 1;
  const terminal = {
    terminalKey: `17000000${String(terminals).padStart(5, '0')}DEMO`,
    password: `pw${terminals}Xk29fhQ0a`,
  };
  bank.addTerminal(terminal);
  return terminal;
}

const rowOf = async (id: string): Promise<Integration> => {
  const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) throw new Error('no row');
  return row;
};

async function ownerWithTerminal(
  terminal = newTerminal(),
  typed: { terminal_key?: string; password?: string } = {},
) {
  const owner = await signedInUser(app.t);
  const created = await app.call('POST', '/api/integrations', {
    token: owner.token,
    body: {
      type: 'tbank',
      connection_data: {
        terminal_key: typed.terminal_key ?? terminal.terminalKey,
        password: typed.password ?? terminal.password,
        ...PRODUCT,
      },
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return { token: owner.token, id: created.json.id as string, terminal };
}

const connect = (token: string, id: string) => app.call('POST', `/api/integrations/connect/${id}`, { token });

async function connectedOwner() {
  const owner = await ownerWithTerminal();
  const connected = await connect(owner.token, owner.id);
  expect(connected.status, JSON.stringify(connected.json)).toBe(200);
  return owner;
}

async function payingBot(token: string, integrationId: string, settings: Record<string, unknown> = {}) {
  return createWorkingBot(app.call, token, {
    conditions: { channels: ['check'] },
    process_scheme: 'instant',
    actions_enable: true,
    actions: [
      {
        name: 'Оплата',
        description: 'Отправить клиенту ссылку на оплату консультации',
        goal_prompt: 'Когда клиент согласен оплатить',
        type: 'payment_link',
        settings: { integration_id: integrationId, ...settings },
      },
    ],
  });
}

/** The orders the links made (the connection check's own order left out). */
const linkPayments = (terminalKey: string) =>
  bank.payments.filter(
    (payment) => payment.terminalKey === terminalKey && !payment.orderId.startsWith('check-'),
  );

const botTexts = async (token: string, botId: string) =>
  (await dialogue(app.call, token, botId)).messages
    .filter((m: { author: string }) => m.author === 'bot')
    .map((m: { text: string }) => m.text);

const systemTexts = async (token: string, botId: string) =>
  (await dialogue(app.call, token, botId)).messages
    .filter((m: { author: string }) => m.author === 'system')
    .map((m: { text: string }) => m.text);

const toolResults = () =>
  llm.bodies.flatMap((body) =>
    ((body?.messages ?? []) as { role: string; content: string }[])
      .filter((message) => message.role === 'tool')
      .map((message) => JSON.parse(message.content) as Record<string, unknown>),
  );

const postNotification = (integrationId: string, body: Record<string, unknown>) =>
  fetch(`${app.origin}/api/webhooks/tbank/${integrationId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A connected owner who also has AlfaCRM connected, for the deal a paid link moves. */
async function ownerWithCrm() {
  const owner = await connectedOwner();
  const crm = await app.call('POST', '/api/integrations', {
    token: owner.token,
    body: {
      type: 'alfacrm',
      connection_data: { hostname: 'school', email: alfa.email, api_key: alfa.apiKey },
    },
  });
  const crmId = crm.json.id as string;
  expect((await connect(owner.token, crmId)).status).toBe(200);
  return { owner, crmId };
}

/** An owner whose bot sent one link in the check chat: the payment and the chat. */
async function sentLink(owner?: Awaited<ReturnType<typeof connectedOwner>>, settings = {}) {
  owner ??= await connectedOwner();
  const botId = await payingBot(owner.token, owner.id, settings);
  llm.queue(
    { kind: 'tool_calls', calls: [{ name: 'payment_link_1', arguments: {} }] },
    { kind: 'text', text: 'Отправляю ссылку на оплату.' },
  );
  const sent = await say(app.call, owner.token, botId, 'Да, оплачу');
  await app.t.jobs.runDue();
  const [payment] = linkPayments(owner.terminal.terminalKey);
  if (!payment) throw new Error('no payment');
  return { ...owner, botId, payment, chatId: sent.chat_id as string };
}

describe('T-Bank payment link: connecting the business’s terminal', () => {
  it('checks the terminal with an Init it cancels at once, keeps the key and password sealed and never shows them', async () => {
    const owner = await ownerWithTerminal();
    const inits = bank.callsOf('Init').length;
    const connected = await connect(owner.token, owner.id);
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    expect(connected.json).toMatchObject({ connected: true, message: expect.any(String) });

    const [check] = bank.callsOf('Init').slice(inits);
    expect(check?.params).toMatchObject({
      TerminalKey: owner.terminal.terminalKey,
      Amount: 150_000,
      NotificationURL: `${app.origin}/api/webhooks/tbank/${owner.id}`,
      Receipt: {
        Taxation: 'usn_income',
        Items: [
          {
            Name: 'Консультация',
            Amount: 150_000,
            Tax: 'none',
            PaymentMethod: 'full_prepayment',
            PaymentObject: 'service',
          },
        ],
      },
    });
    const checked = bank.paymentsOfOrder(String(check?.params.OrderId));
    expect(checked.map((payment) => payment.status)).toEqual(['CANCELED']);

    const shown = (await app.call('GET', `/api/integrations/${owner.id}`, { token: owner.token })).json;
    expect(shown.connection_data).toMatchObject({ ...PRODUCT, password: '••••' });
    expect(shown.connection_data.terminal_key).toBe(`••••${owner.terminal.terminalKey.slice(-4)}`);
    const list = (await app.call('GET', '/api/integrations', { token: owner.token })).json;
    expect(list).toMatchObject([{ id: owner.id, type: 'tbank', kind: 'payments', connected: true }]);
    const listed = JSON.stringify(list);
    for (const text of [JSON.stringify(shown), listed]) {
      expect(text).not.toContain(owner.terminal.password);
      expect(text).not.toContain(owner.terminal.terminalKey);
    }
    const row = await rowOf(owner.id);
    expect(JSON.stringify(row.connectionData)).not.toContain(owner.terminal.password);
    expect(await openConnectionSecret(app.t.settings.secretsKey, row, 'password')).toBe(
      owner.terminal.password,
    );
  });

  it('a wrong password or an unknown terminal is "connection failed": nothing is connected', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const terminal = newTerminal();
      const wrongPassword = await ownerWithTerminal(terminal, { password: 'not-the-password' });
      const refused = await connect(wrongPassword.token, wrongPassword.id);
      expect(refused.status).toBe(422);
      expect(refused.json.message).toBe(CONNECT_FAILED);
      expect(bank.calls.at(-1)?.response).toMatchObject({ Success: false, ErrorCode: '204' });

      const unknown = await ownerWithTerminal(terminal, { terminal_key: '9999999999999DEMO' });
      const refusedToo = await connect(unknown.token, unknown.id);
      expect(refusedToo.status).toBe(422);
      expect(refusedToo.json.message).toBe(CONNECT_FAILED);
      expect(bank.calls.at(-1)?.response).toMatchObject({ Success: false, ErrorCode: '205' });

      for (const owner of [wrongPassword, unknown]) {
        const view = (await app.call('GET', `/api/integrations/${owner.id}`, { token: owner.token })).json;
        expect(view.connected).toBe(false);
        expect(typeof (await rowOf(owner.id)).connectionData.connected_at).toBe('undefined');
      }
      // Nothing was paid or left open on the terminal.
      expect(bank.payments.filter((p) => p.terminalKey === terminal.terminalKey)).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses fiscal values T-Bank no longer takes and amounts outside 1..1 000 000 ₽ when saved', async () => {
    const owner = await ownerWithTerminal();
    const envd = await app.call('PATCH', `/api/integrations/${owner.id}`, {
      token: owner.token,
      body: { connection_data: { taxation: 'envd' } },
    });
    expect(envd.status).toBe(422);
    expect(envd.json.fields).toEqual({
      'connection_data.taxation': 'Т-Банк больше не принимает это значение в чеке, выберите другое',
    });
    const typo = await app.call('PATCH', `/api/integrations/${owner.id}`, {
      token: owner.token,
      body: { connection_data: { payment_method: 'full_payment' } },
    });
    expect(typo.status).toBe(422);
    expect(Object.keys(typo.json.fields)).toEqual(['connection_data.payment_method']);
    for (const amount of [50, 1500.5, 100_000_001, '1500']) {
      const bad = await app.call('PATCH', `/api/integrations/${owner.id}`, {
        token: owner.token,
        body: { connection_data: { amount } },
      });
      expect(bad.status, String(amount)).toBe(422);
      expect(bad.json.fields['connection_data.amount']).toBe('Сумма — от 1 до 1 000 000 ₽');
    }
    expect((await rowOf(owner.id)).connectionData.taxation).toBe('usn_income');
  });

  it('another account sees none of it: 404 for reading, changing and connecting', async () => {
    const owner = await connectedOwner();
    const stranger = await signedInUser(app.t);
    for (const [method, path] of [
      ['GET', `/api/integrations/${owner.id}`],
      ['PATCH', `/api/integrations/${owner.id}`],
      ['POST', `/api/integrations/connect/${owner.id}`],
    ] as const) {
      const answer = await app.call(method, path, {
        token: stranger.token,
        ...(method === 'PATCH' ? { body: { connection_data: { amount: 100 } } } : {}),
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await rowOf(owner.id)).connectionData.amount).toBe(150_000);
  });
});

describe('T-Bank payment link: the bot sends a link once', () => {
  it('makes one payment with the receipt and puts its link in the reply', async () => {
    const { token, botId, payment, terminal, id } = await sentLink();
    expect(linkPayments(terminal.terminalKey)).toHaveLength(1);
    expect(payment).toMatchObject({
      amount: 150_000,
      status: 'NEW',
      description: 'Ромашка: Консультация',
      notificationUrl: `${app.origin}/api/webhooks/tbank/${id}`,
    });
    expect(payment.orderId).toMatch(/^[0-9a-f]{32}$/);
    expect(payment.receipt).toMatchObject({
      Taxation: 'usn_income',
      Items: [{ Name: 'Консультация', Price: 150_000, Quantity: 1, Amount: 150_000 }],
    });
    // The customer's contact is unknown in the check chat: the receipt goes to the business.
    expect(payment.receipt?.Email).toMatch(/@/);
    expect(toolResults().at(-1)).toMatchObject({
      ok: true,
      payment_url: payment.paymentUrl,
      amount: '1500.00',
    });
    // The model did not write the link: it is added to the reply all the same.
    expect(await botTexts(token, botId)).toEqual([`Отправляю ссылку на оплату.\n\n${payment.paymentUrl}`]);
  });

  it('a respond job retried after the tool ran, and the tool called twice, make no second payment', async () => {
    const owner = await connectedOwner();
    const botId = await payingBot(owner.token, owner.id);
    const twice = {
      kind: 'tool_calls' as const,
      calls: [
        { name: 'payment_link_1', arguments: {} },
        { name: 'payment_link_1', arguments: {} },
      ],
    };
    llm.queue(
      twice,
      // The model fails after the link was made: the job is retried and the model calls it again.
      { kind: 'error', status: 503 },
      twice,
      { kind: 'text', text: 'Ссылка для оплаты готова' },
    );
    await say(app.call, owner.token, botId, 'Хочу оплатить');
    await app.t.jobs.runDue();
    expect(linkPayments(owner.terminal.terminalKey)).toHaveLength(1);
    app.t.clock.advance(10_000);
    await app.t.jobs.runDue();
    app.t.clock.advance(30_000);
    await app.t.jobs.runDue();

    // The run was retried: four model calls (tools, error, tools again, the text).
    expect(llm.requests).toHaveLength(4);
    const payments = linkPayments(owner.terminal.terminalKey);
    expect(payments).toHaveLength(1);
    const url = payments[0]?.paymentUrl ?? '';
    expect(new Set(toolResults().map((result) => result.payment_url))).toEqual(new Set([url]));
    expect(await botTexts(owner.token, botId)).toEqual([`Ссылка для оплаты готова\n\n${url}`]);

    // The next time the customer agrees to pay, that answer makes its own order.
    llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'payment_link_1', arguments: {} }] },
      { kind: 'text', text: 'Вот новая ссылка' },
    );
    await say(app.call, owner.token, botId, 'Оплачу ещё одну');
    await app.t.jobs.runDue();
    const again = linkPayments(owner.terminal.terminalKey);
    expect(again).toHaveLength(2);
    expect(again[1]?.orderId).not.toBe(again[0]?.orderId);
  });

  it('takes the amount the model names only when allowed, within the action’s limits', async () => {
    const owner = await connectedOwner();
    const botId = await payingBot(owner.token, owner.id, {
      amount_override: true,
      min_amount: 50_000,
      max_amount: 200_000,
    });
    llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'payment_link_1', arguments: { amount: 5000 } }] },
      {
        kind: 'tool_calls',
        calls: [{ name: 'payment_link_1', arguments: { amount: 990.5, phone: '8 (999) 123-45-67' } }],
      },
      { kind: 'text', text: 'Готово' },
    );
    await say(app.call, owner.token, botId, 'Оплачу 990,50');
    await app.t.jobs.runDue();
    const results = toolResults();
    expect(results[0]).toMatchObject({ ok: false, error: 'amount must be from 500.00 to 2000.00 roubles' });
    const [payment] = linkPayments(owner.terminal.terminalKey);
    expect(payment?.amount).toBe(99_050);
    expect(payment?.receipt).toMatchObject({ Phone: '+79991234567', Items: [{ Amount: 99_050 }] });
    expect(payment?.receipt?.Email).toBeUndefined();
  });
});

describe('T-Bank payment link: the paid notification', () => {
  it('marks the dialogue paid once, however often T-Bank delivers it, and answers exactly OK', async () => {
    const link = await sentLink();
    await bank.pay(link.payment.paymentId);
    const delivery = bank.deliveriesOf(link.payment.paymentId).at(-1);
    expect(delivery?.attempts[0]).toMatchObject({ status: 200, answer: 'OK' });
    expect(delivery?.delivered).toBe(true);

    const attempts = await bank.redeliver(link.payment.paymentId, 3);
    expect(attempts.map((attempt) => [attempt.status, attempt.answer])).toEqual([
      [200, 'OK'],
      [200, 'OK'],
      [200, 'OK'],
    ]);
    expect(await systemTexts(link.token, link.botId)).toEqual([
      'Оплачено: 1500.00 ₽ за «Консультация» (Т-Банк)',
    ]);
    const [chat] = await app.t.db.select().from(chats).where(eq(chats.id, link.chatId));
    expect(chat?.variables).toMatchObject({
      payment_status: 'paid',
      paid_amount: '1500.00',
      payment_order_id: link.payment.orderId,
    });
  });

  it('a notification with a wrong Token, or signed for another terminal, is refused and marks nothing', async () => {
    const link = await sentLink();
    const other = newTerminal();
    const body = {
      TerminalKey: link.terminal.terminalKey,
      OrderId: link.payment.orderId,
      Success: true,
      Status: 'CONFIRMED',
      PaymentId: Number(link.payment.paymentId),
      ErrorCode: '0',
      Amount: link.payment.amount,
    };
    const forged = await postNotification(link.id, {
      ...body,
      Token: fakeTbankToken(body, 'guessed-password'),
    });
    expect(forged.status).toBe(401);
    const otherTerminal = { ...body, TerminalKey: other.terminalKey };
    const foreign = await postNotification(link.id, {
      ...otherTerminal,
      Token: fakeTbankToken(otherTerminal, other.password),
    });
    expect(foreign.status).toBe(401);
    const unsigned = await postNotification(link.id, body);
    expect(unsigned.status).toBe(401);
    expect(await systemTexts(link.token, link.botId)).toEqual([]);
    const [chat] = await app.t.db.select().from(chats).where(eq(chats.id, link.chatId));
    expect(chat?.variables.payment_status).toBeUndefined();

    // Signed right, for another account's integration: its own order is not found there.
    const stranger = await connectedOwner();
    const signed = await postNotification(stranger.id, {
      ...{ ...body, TerminalKey: stranger.terminal.terminalKey },
      Token: fakeTbankToken(
        { ...body, TerminalKey: stranger.terminal.terminalKey },
        stranger.terminal.password,
      ),
    });
    expect(signed.status).toBe(200);
    expect(await signed.text()).toBe('OK');
    expect(await systemTexts(link.token, link.botId)).toEqual([]);
    // An unknown integration id is 404.
    const unknown = await postNotification('00000000-0000-4000-8000-000000000000', body);
    expect(unknown.status).toBe(404);
  });

  it('a declined payment marks nothing; the link still marks once it is paid', async () => {
    const link = await sentLink();
    const { Token: _ignored, ...paid } = bank.notificationOf(link.payment);
    const unsigned = { ...paid, Status: 'REJECTED', Success: false, ErrorCode: '1051' };
    const declined = await postNotification(link.id, bank.sign(link.terminal.terminalKey, unsigned));
    expect([declined.status, await declined.text()]).toEqual([200, 'OK']);
    expect(await systemTexts(link.token, link.botId)).toEqual([]);
    await bank.pay(link.payment.paymentId);
    expect(await systemTexts(link.token, link.botId)).toHaveLength(1);
  });

  it('takes the news of a payment even while the integration is switched off', async () => {
    const link = await sentLink();
    const off = await app.call('PATCH', `/api/integrations/${link.id}`, {
      token: link.token,
      body: { activated: false },
    });
    expect(off.status).toBe(200);
    await bank.pay(link.payment.paymentId);
    expect(bank.deliveriesOf(link.payment.paymentId).at(-1)?.delivered).toBe(true);
    expect(await systemTexts(link.token, link.botId)).toEqual([
      'Оплачено: 1500.00 ₽ за «Консультация» (Т-Банк)',
    ]);
  });

  it('moves the dialogue’s lead to the status the action names once paid, once however often T-Bank delivers', async () => {
    const { owner, crmId } = await ownerWithCrm();
    const link = await sentLink(owner, {
      paid_integration_id: crmId,
      paid_pipeline_id: '1',
      paid_status_id: '3',
    });
    const leadOf = async () => {
      const [chat] = await app.t.db.select().from(chats).where(eq(chats.id, link.chatId));
      const id = chat?.channelRefs[`lead_id:${crmId}`];
      return id ? alfa.customers.get(Number(id)) : undefined;
    };
    expect(await leadOf()).toBeUndefined();
    const before = alfa.customers.size;

    await bank.pay(link.payment.paymentId);
    await bank.redeliver(link.payment.paymentId, 2);
    expect(alfa.customers.size).toBe(before + 1);
    const lead = await leadOf();
    expect(lead).toMatchObject({ name: 'Проверка бота', lead_status_id: 3 });
    expect(await systemTexts(link.token, link.botId)).toEqual([
      'Оплачено: 1500.00 ₽ за «Консультация» (Т-Банк)',
      `Сделка переведена после оплаты: lead ${lead?.id} → status 3`,
    ]);
  });

  it('a CRM switched off by the time of the payment: the chat is marked paid and says the deal was not moved', async () => {
    const { owner, crmId } = await ownerWithCrm();
    const link = await sentLink(owner, { paid_integration_id: crmId, paid_status_id: '3' });
    const off = await app.call('PATCH', `/api/integrations/${crmId}`, {
      token: owner.token,
      body: { activated: false },
    });
    expect(off.status).toBe(200);
    const before = alfa.customers.size;
    await bank.pay(link.payment.paymentId);
    expect(alfa.customers.size).toBe(before);
    expect(await systemTexts(link.token, link.botId)).toEqual([
      'Оплачено: 1500.00 ₽ за «Консультация» (Т-Банк)',
      'Сделку не удалось перевести после оплаты: the CRM integration is gone or off',
    ]);
    const [chat] = await app.t.db.select().from(chats).where(eq(chats.id, link.chatId));
    expect(chat?.variables.payment_status).toBe('paid');
  });
});
