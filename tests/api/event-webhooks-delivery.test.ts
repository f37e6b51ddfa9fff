import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema';
import { receiveInbound } from '../../functions/engine/receive';
import { respond } from '../../functions/engine/respond';
import { rowsOf } from '../../functions/ports/db';
import { deliverEndpoint } from '../../functions/services/event-webhooks/deliver-job';
import { emitEvent } from '../../functions/services/event-webhooks/emit';
import { resendDelivery } from '../../functions/services/event-webhooks/resend';
import { sweepEventWebhooks } from '../../functions/services/event-webhooks/sweep';
import { markInvoicePaid } from '../../functions/services/payments/mark-invoice-paid';
import { MINIMUM_BALANCE_MINOR } from '../../functions/shared/balance';
import { EVENT_WEBHOOK_RETRY_WINDOW_MS } from '../../functions/shared/event-webhooks';
import { type FakeWebhookReceiver, startWebhookReceiver } from '../fakes/webhook-receiver';
import { createTestApp, type TestApp } from '../support/test-app';
import { CALL_A_PERSON_ACTION, CALLS_A_PERSON, engineTestApp, ownerWithBot, say } from './support/engine';
import { deliveriesOf, endpointRow, insertEndpoint, newWebhookSecret } from './support/event-webhooks';
import { addMoney, balanceTotal } from './support/money';

const ONE_BOT_MONTH = { items: [{ kind: 'bots', quantity: 1 }], term: '1m' };

const engine = engineTestApp();
const secret = newWebhookSecret();
let receiver: FakeWebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver(secret, { now: () => engine.t.clock.now() });
});
afterAll(() => receiver.close());
beforeEach(async () => {
  // Whatever an earlier test left due is sent before this one starts counting.
  engine.t.clock.advance(EVENT_WEBHOOK_RETRY_WINDOW_MS * 2);
  await engine.t.jobs.runDue();
  receiver.reset();
});

type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

async function hookedOwner(bot: Record<string, unknown> = {}) {
  const owner = await ownerWithBot(engine.t, { process_scheme: 'instant', ...bot });
  const endpoint = await insertEndpoint(engine.t, owner.accountId, receiver.endpointUrl, undefined, secret);
  return { owner, endpoint };
}

const typesOf = (chatId: string) =>
  receiver.events.filter((event) => event.data.chat_id === chatId).map((event) => event.type);

let operatorNo = 0;
const operatorWrites = (owner: Owner, text: string) =>
  receiveInbound(engine.ctx, {
    accountId: owner.accountId,
    botId: owner.botId,
    channel: 'check',
    integrationId: null,
    chatExternalId: owner.botId,
    messageExternalId: `operator-${++operatorNo}`,
    author: 'operator',
    text,
  });

describe('event webhooks: what is delivered', () => {
  it('a Check message: chat.created, message.received and message.answered with its price, signed', async () => {
    const { t, call, fake } = engine;
    const { owner, endpoint } = await hookedOwner();
    fake.queue({ kind: 'text', text: 'Стрижка стоит 1500 ₽' });
    const sent = await say(call, owner.token, owner.botId, 'Сколько стоит стрижка?');
    await t.jobs.runDue();

    expect(typesOf(sent.chat_id)).toEqual(['chat.created', 'message.received', 'message.answered']);
    const [created, received, answered] = receiver.events;
    expect(created?.data).toMatchObject({ chat_id: sent.chat_id, channel: 'check', bot_id: owner.botId });
    expect(received?.data).toMatchObject({
      chat_id: sent.chat_id,
      message_id: sent.message.id,
      text: 'Сколько стоит стрижка?',
      channel: 'check',
    });
    const [history] = await t.db.query.historyEntries.findMany({
      where: (row, { eq }) => eq(row.chatId, sent.chat_id),
    });
    expect(answered?.data).toMatchObject({
      chat_id: sent.chat_id,
      text: 'Стрижка стоит 1500 ₽',
      price_minor: history?.priceMinor,
      currency: history?.currency,
      history_id: history?.id,
    });
    expect(Number.isInteger(answered?.data.price_minor)).toBe(true);
    // Every request verified (the receiver refuses what does not), with the Standard Webhooks headers.
    expect(receiver.requests.map((request) => request.status)).toEqual([200, 200, 200]);
    const rows = await deliveriesOf(t, endpoint.id);
    expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
    for (const [i, request] of receiver.requests.entries()) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-id']).toBe(rows[i]?.id);
      expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(request.headers['webhook-signature']).toMatch(/^v1,/);
      expect(request.body).toBe(rows[i]?.body);
    }
    expect(JSON.parse(rows[0]?.body ?? '{}')).toMatchObject({
      type: 'chat.created',
      timestamp: expect.any(String),
    });

    // The chat's next message is not a new chat.
    fake.queue({ kind: 'text', text: 'Да' });
    await say(call, owner.token, owner.botId, 'А в субботу?');
    await t.jobs.runDue();
    expect(typesOf(sent.chat_id)).toEqual([
      'chat.created',
      'message.received',
      'message.answered',
      'message.received',
      'message.answered',
    ]);
  });

  it('the stop-bot action: action.executed, the reply, then bot.stopped with the reason and variables', async () => {
    const { t, call, fake } = engine;
    const { owner } = await hookedOwner({
      actions_enable: true,
      actions: [CALL_A_PERSON_ACTION],
    });
    fake.queue(CALLS_A_PERSON);
    const sent = await say(call, owner.token, owner.botId, 'Позовите человека');
    await t.jobs.runDue();
    expect(typesOf(sent.chat_id)).toEqual([
      'chat.created',
      'message.received',
      'action.executed',
      'message.answered',
      'bot.stopped',
    ]);
    const action = receiver.events.find((event) => event.type === 'action.executed');
    expect(action?.data).toMatchObject({
      action: 'stop_bot',
      name: 'Позвать администратора',
      result: { ok: true },
    });
    const stopped = receiver.events.find((event) => event.type === 'bot.stopped');
    expect(stopped?.data).toMatchObject({
      chat_id: sent.chat_id,
      reason: 'bot',
      state: 'paused',
      stop_reason: 'просит человека',
      variables: {},
    });
  });

  it('an operator who steps in stops the bot: bot.stopped with reason "operator", once', async () => {
    const { t, call } = engine;
    const { owner } = await hookedOwner({
      process_scheme: 'accumulation',
      stop_logic: {
        stop_during_intervention: true,
        bot_stop_period: 'forever',
        bot_stop_period_seconds: 3600,
      },
    });
    const sent = await say(call, owner.token, owner.botId, 'Сколько стоит стрижка?');
    await operatorWrites(owner, 'Стрижка стоит 1500 ₽');
    await operatorWrites(owner, 'Ждём вас');
    await t.jobs.runDue();
    expect(typesOf(sent.chat_id)).toEqual(['chat.created', 'message.received', 'bot.stopped']);
    expect(receiver.events.at(-1)?.data).toMatchObject({ reason: 'operator', state: 'stopped' });
  });

  it('stopping the bot in a chat from the Chats screen: bot.stopped with reason "owner", once', async () => {
    const { t, call, fake } = engine;
    const { owner } = await hookedOwner();
    fake.queue({ kind: 'text', text: 'Ответ' });
    const sent = await say(call, owner.token, owner.botId, 'Вопрос');
    await t.jobs.runDue();
    expect((await call('POST', `/api/chats/${sent.chat_id}/stop`, { token: owner.token })).status).toBe(200);
    expect((await call('POST', `/api/chats/${sent.chat_id}/stop`, { token: owner.token })).status).toBe(200);
    await t.jobs.runDue();
    expect(typesOf(sent.chat_id)).toEqual([
      'chat.created',
      'message.received',
      'message.answered',
      'bot.stopped',
    ]);
    expect(receiver.events.at(-1)?.data).toMatchObject({
      reason: 'owner',
      state: 'stopped',
      bot_id: owner.botId,
    });
  });

  it('a paid invoice: payment.succeeded once, in the transaction that credits it', async () => {
    const { t } = engine;
    const { owner } = await hookedOwner();
    const invoiceNumber = 700_000 + Math.floor(Math.random() * 100_000);
    const [row] = await t.db
      .insert(transactions)
      .values({
        accountId: owner.accountId,
        operation: 'invoice',
        status: 'not_paid',
        amountMinor: 150_000,
        currency: 'rub',
        provider: 'invoice',
        invoiceNumber,
        createdAt: t.clock.now(),
      })
      .returning();
    expect((await markInvoicePaid(t.db, invoiceNumber, t.clock.now())).kind).toBe('paid');
    expect((await markInvoicePaid(t.db, invoiceNumber, t.clock.now())).kind).toBe('already_paid');
    // No nudge from inside the payment's transaction: the minute's sweep sends it.
    await sweepEventWebhooks(t.ports);
    await t.jobs.runDue();
    expect(receiver.events.map((event) => [event.type, event.data])).toEqual([
      [
        'payment.succeeded',
        expect.objectContaining({
          payment_id: row?.id,
          amount_minor: 150_000,
          currency: 'rub',
          operation: 'invoice',
          invoice_number: invoiceNumber,
        }),
      ],
    ]);
  });

  it('an answer whose charge takes the balance below the minimum: balance.low, once per crossing', async () => {
    const { t, call, fake } = engine;
    const { owner } = await hookedOwner();
    const minimum = MINIMUM_BALANCE_MINOR.rub;
    // Just above the minimum: the next answer's price crosses it.
    await addMoney(t, owner.accountId, 'rub', minimum + 1 - (await balanceTotal(t, owner.token)));
    fake.queue({ kind: 'text', text: 'Ответ', usage: { prompt_tokens: 20_000, completion_tokens: 1_000 } });
    const sent = await say(call, owner.token, owner.botId, 'Вопрос');
    await t.jobs.runDue();
    const after = await balanceTotal(t, owner.token);
    expect(after).toBeLessThan(minimum);
    const low = receiver.events.filter((event) => event.type === 'balance.low');
    expect(low.map((event) => event.data)).toEqual([
      { balance_minor: after, currency: 'rub', threshold_minor: minimum },
    ]);
    expect(typesOf(sent.chat_id)).toEqual(['chat.created', 'message.received', 'message.answered']);
    // Topped up above it and charged while still above: no event.
    await addMoney(t, owner.accountId, 'rub', 100_000);
    fake.queue({ kind: 'text', text: 'Ещё ответ' });
    await say(call, owner.token, owner.botId, 'Ещё вопрос');
    await t.jobs.runDue();
    expect(receiver.events.filter((event) => event.type === 'balance.low')).toHaveLength(1);
  });

  it('a subscription bought from the balance that takes it below the minimum: balance.low, from the same transaction', async () => {
    const { t, call } = engine;
    const { owner } = await hookedOwner();
    const minimum = MINIMUM_BALANCE_MINOR.rub;
    const quote = await call('POST', '/api/subscription', { token: owner.token, body: ONE_BOT_MONTH });
    // Enough for the subscription, which leaves a little under the minimum.
    await addMoney(
      t,
      owner.accountId,
      'rub',
      quote.json.total_minor + minimum - 1 - (await balanceTotal(t, owner.token)),
    );
    const bought = await call('POST', '/api/subscription/new', { token: owner.token, body: ONE_BOT_MONTH });
    expect(bought.status).toBe(201);
    const after = await balanceTotal(t, owner.token);
    expect(after).toBeLessThan(minimum);
    // No answer ran to nudge the endpoint: the every-minute sweep sends it.
    await sweepEventWebhooks(t.ports);
    await t.jobs.runDue();
    expect(
      receiver.events.filter((event) => event.type === 'balance.low').map((event) => event.data),
    ).toEqual([{ balance_minor: after, currency: 'rub', threshold_minor: minimum }]);
  });

  it('the database knows the same minimum balance per currency as the code', async () => {
    const { t } = engine;
    for (const [currency, minimum] of Object.entries(MINIMUM_BALANCE_MINOR)) {
      const [row] = rowsOf<{ minimum: string | number }>(
        await t.db.execute(sql`select balance_minimum_minor(${currency}) as minimum`),
      );
      expect(Number(row?.minimum), currency).toBe(minimum);
    }
  });

  it('events of a service (emitEvent): written with the account’s only, delivered signed', async () => {
    const { t } = engine;
    const { owner } = await hookedOwner();
    await emitEvent(t.db, t.clock.now(), {
      accountId: owner.accountId,
      type: 'balance.low',
      data: { balance_minor: 5000, currency: 'rub', threshold_minor: 10000 },
    });
    await sweepEventWebhooks(t.ports);
    await t.jobs.runDue();
    expect(receiver.events.map((event) => [event.type, event.data])).toEqual([
      ['balance.low', { balance_minor: 5000, currency: 'rub', threshold_minor: 10000 }],
    ]);
  });
});

describe('event webhooks: retries, duplicates, order', () => {
  it('a 500 is retried after the backoff with the same webhook-id and body', async () => {
    const { t, call, fake } = engine;
    const { owner, endpoint } = await hookedOwner();
    receiver.failNext(1);
    fake.queue({ kind: 'text', text: 'Здравствуйте!' });
    await say(call, owner.token, owner.botId, 'Привет');
    await t.jobs.runDue();
    const [first] = receiver.requests;
    expect(first?.status).toBe(500);
    const [row] = await deliveriesOf(t, endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 });
    expect(row?.lastError).toContain('HTTP 500');
    expect((await endpointRow(t, endpoint.id))?.failingSince).not.toBeNull();

    t.clock.advance(5_000);
    await t.jobs.runDue();
    const again = receiver.requests.filter((request) => request.id === first?.id);
    expect(again.map((request) => request.status)).toEqual([500, 200]);
    expect(again[1]?.body).toBe(again[0]?.body);
    expect(receiver.events.map((event) => event.type)).toEqual([
      'chat.created',
      'message.received',
      'message.answered',
    ]);
    expect((await deliveriesOf(t, endpoint.id)).map((r) => [r.status, r.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect((await endpointRow(t, endpoint.id))?.failingSince).toBeNull();
  });

  it('a chat’s events wait for the earlier one: nothing later is sent while it is being retried', async () => {
    const { t, call, fake } = engine;
    const { owner, endpoint } = await hookedOwner();
    receiver.failNext(1);
    fake.queue({ kind: 'text', text: 'Ответ' });
    await say(call, owner.token, owner.botId, 'Вопрос');
    await t.jobs.runDue();
    expect(receiver.requests).toHaveLength(1);
    const rows = await deliveriesOf(t, endpoint.id);
    expect(rows.map((row) => [row.event, row.attempts])).toEqual([
      ['chat.created', 1],
      ['message.received', 0],
      ['message.answered', 0],
    ]);
    t.clock.advance(5_000);
    await t.jobs.runDue();
    expect(receiver.events.map((event) => event.type)).toEqual([
      'chat.created',
      'message.received',
      'message.answered',
    ]);
  });

  it('not duplicated when the engine’s step is retried, the channel redelivers, or the job runs twice', async () => {
    const { t, call, fake, ctx } = engine;
    const { owner, endpoint } = await hookedOwner({ process_scheme: 'accumulation' });
    fake.queue({ kind: 'text', text: 'Ответ' });
    const sent = await say(call, owner.token, owner.botId, 'Вопрос');
    const stored = await t.db.query.messages.findFirst({
      where: (row, { eq }) => eq(row.id, sent.message.id),
    });
    // The channel delivers the same message again.
    await receiveInbound(ctx, {
      accountId: owner.accountId,
      botId: owner.botId,
      channel: 'check',
      integrationId: null,
      chatExternalId: owner.botId,
      messageExternalId: stored?.externalId ?? '',
      author: 'customer',
      text: 'Вопрос',
    });
    // The respond step runs twice (a job delivered twice, a retry after a lost answer).
    const payload = { chatId: sent.chat_id, upToMessageId: sent.message.id };
    await Promise.all([respond(ctx, payload), respond(ctx, payload)]);
    await respond(ctx, payload);
    // And two deliveries of the endpoint's job at once.
    await Promise.all([
      deliverEndpoint(t.ports, t.settings, endpoint.id),
      deliverEndpoint(t.ports, t.settings, endpoint.id),
    ]);
    t.clock.advance(120_000);
    await t.jobs.runDue();
    await sweepEventWebhooks(t.ports);
    await t.jobs.runDue();

    const rows = await deliveriesOf(t, endpoint.id);
    expect(rows.map((row) => row.event)).toEqual(['chat.created', 'message.received', 'message.answered']);
    const ids = receiver.requests.map((request) => request.id);
    expect(ids).toEqual(rows.map((row) => row.id));
  });

  it('resending a delivered event sends it again with the same id; another account’s is not found', async () => {
    const { t, call, fake } = engine;
    const { owner, endpoint } = await hookedOwner();
    const other = await hookedOwner();
    fake.queue({ kind: 'text', text: 'Ответ' });
    await say(call, owner.token, owner.botId, 'Вопрос');
    await t.jobs.runDue();
    const [row] = await deliveriesOf(t, endpoint.id);
    if (!row) throw new Error('no delivery');
    expect(await resendDelivery(t.ports, other.owner.accountId, endpoint.id, row.id)).toBe(false);
    expect(await resendDelivery(t.ports, owner.accountId, other.endpoint.id, row.id)).toBe(false);
    expect(await resendDelivery(t.ports, owner.accountId, endpoint.id, row.id)).toBe(true);
    // A pending one is being sent already.
    expect(await resendDelivery(t.ports, owner.accountId, endpoint.id, row.id)).toBe(false);
    await t.jobs.runDue();
    expect(receiver.requests.filter((request) => request.id === row.id).map((r) => r.status)).toEqual([
      200, 200,
    ]);
    const [after] = await deliveriesOf(t, endpoint.id);
    expect(after).toMatchObject({ id: row.id, status: 'delivered', attempts: 1, body: row.body });
  });

  it('a resend two days later keeps the event’s time and gets a fresh day of retries', async () => {
    const { t, call, fake } = engine;
    const { owner, endpoint } = await hookedOwner();
    fake.queue({ kind: 'text', text: 'Ответ' });
    await say(call, owner.token, owner.botId, 'Вопрос');
    await t.jobs.runDue();
    const [row] = await deliveriesOf(t, endpoint.id);
    if (!row) throw new Error('no delivery');
    expect(row.status).toBe('delivered');

    t.clock.advance(2 * EVENT_WEBHOOK_RETRY_WINDOW_MS);
    receiver.failNext(1);
    expect(await resendDelivery(t.ports, owner.accountId, endpoint.id, row.id)).toBe(true);
    await t.jobs.runDue();
    // The first try of the resend failed: it waits for its backoff, not given up as a day old.
    const [failedOnce] = await deliveriesOf(t, endpoint.id);
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 });
    expect(failedOnce?.createdAt).toEqual(row.createdAt);

    t.clock.advance(60_000);
    await t.jobs.runDue();
    const [after] = await deliveriesOf(t, endpoint.id);
    expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(after?.createdAt).toEqual(row.createdAt);
    expect(receiver.requests.filter((request) => request.id === row.id).map((r) => r.status)).toEqual([
      200, 500, 200,
    ]);
  });
});

describe('event webhooks: isolation and switching off', () => {
  it('an account’s endpoint never gets another account’s events', async () => {
    const { t, call, fake } = engine;
    const a = await hookedOwner();
    const other = await startWebhookReceiver(secret, { now: () => t.clock.now() });
    try {
      const b = await ownerWithBot(t, { process_scheme: 'instant' });
      const bEndpoint = await insertEndpoint(t, b.accountId, other.endpointUrl, undefined, secret);
      fake.queue({ kind: 'text', text: 'Ответ A' });
      const sent = await say(call, a.owner.token, a.owner.botId, 'Вопрос A');
      await t.jobs.runDue();
      expect(typesOf(sent.chat_id)).toEqual(['chat.created', 'message.received', 'message.answered']);
      expect(other.requests).toEqual([]);
      expect(await deliveriesOf(t, bEndpoint.id)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('an endpoint subscribed to some events gets those only', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    await insertEndpoint(t, owner.accountId, receiver.endpointUrl, ['message.answered'], secret);
    fake.queue({ kind: 'text', text: 'Ответ' });
    const sent = await say(call, owner.token, owner.botId, 'Вопрос');
    await t.jobs.runDue();
    expect(typesOf(sent.chat_id)).toEqual(['message.answered']);
  });

  it('failing for a day: retried with backoff, given up, the endpoint switched off and the owner told once', async () => {
    const { t, call, fake } = engine;
    const { owner, endpoint } = await hookedOwner();
    receiver.failAlways();
    fake.queue({ kind: 'text', text: 'Ответ' });
    await say(call, owner.token, owner.botId, 'Вопрос');
    const mailBefore = t.mail.sent.length;
    const start = t.clock.now().getTime();
    await t.jobs.runDue();
    // The day passes in ten-minute steps; only the chat's first event is tried (order per chat).
    while (t.clock.now().getTime() - start < EVENT_WEBHOOK_RETRY_WINDOW_MS + 20 * 60_000) {
      t.clock.advance(10 * 60_000);
      await sweepEventWebhooks(t.ports);
      await t.jobs.runDue();
    }
    const tries = receiver.requests.map((request) => request.id);
    expect(new Set(tries).size).toBe(1);
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then the window's end: eight attempts in the day.
    expect(tries.length).toBe(8);
    const off = await endpointRow(t, endpoint.id);
    expect(off).toMatchObject({ enabled: false });
    expect(off?.disabledAt).not.toBeNull();
    const rows = await deliveriesOf(t, endpoint.id);
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed', 'failed']);
    expect(rows[0]?.lastError).toContain('HTTP 500');
    const told = t.mail.sent.slice(mailBefore).filter((mail) => mail.to === owner.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toContain(receiver.endpointUrl);

    // Nothing more is written for a switched-off endpoint, and no second e-mail.
    fake.queue({ kind: 'text', text: 'Ещё ответ' });
    await say(call, owner.token, owner.botId, 'Ещё вопрос');
    t.clock.advance(EVENT_WEBHOOK_RETRY_WINDOW_MS);
    await sweepEventWebhooks(t.ports);
    await t.jobs.runDue();
    expect(await deliveriesOf(t, endpoint.id)).toHaveLength(3);
    expect(t.mail.sent.slice(mailBefore).filter((mail) => mail.to === owner.email)).toHaveLength(1);
  });
});

describe('event webhooks: the guarded fetch', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp({ settings: { allowPrivateAddresses: false } });
  });
  afterAll(() => guarded.close());

  it('an endpoint on a private address is refused: the delivery fails with the reason, nothing is sent', async () => {
    const owner = await ownerWithBot(guarded);
    const endpoint = await insertEndpoint(guarded, owner.accountId, receiver.endpointUrl, undefined, secret);
    await emitEvent(guarded.db, guarded.clock.now(), {
      accountId: owner.accountId,
      type: 'balance.low',
      data: { balance_minor: 100, currency: 'rub', threshold_minor: 1000 },
    });
    await deliverEndpoint(guarded.ports, guarded.settings, endpoint.id);
    const [row] = await deliveriesOf(guarded, endpoint.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatus: null });
    expect(row?.lastError).toMatch(/^address refused: /);
    expect(receiver.requests).toEqual([]);
  });
});
