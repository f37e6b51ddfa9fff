import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, historyEntries, jobs, messages } from '../../db/schema';
import type { EngineContext } from '../../functions/engine/context';
import { RESPOND_JOB } from '../../functions/engine/job-names';
import { respond } from '../../functions/engine/respond';
import { sweepEngine } from '../../functions/engine/sweep';
import type { Rooms } from '../../functions/ports/rooms';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeTelegram, startFakeTelegram } from '../fakes/telegram';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient, type Call } from './support/client';
import { dialogue, fakeLlm, historyOf, LLM_KEY, ledgerOf, ownerWithBot, say } from './support/engine';
import { type TelegramTestbed, telegramTestbed } from './support/telegram';

let t: TestApp;
let call: Call;
let llm: FakeOpenAi;
let telegram: FakeTelegram;
let bed: TelegramTestbed;
let ctx: EngineContext;

beforeAll(async () => {
  [llm, telegram] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeTelegram()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: 'https://bots.example.com', apiRoots: { telegram: telegram.url } },
  });
  call = apiClient(t);
  bed = telegramTestbed(t, call, telegram);
  ctx = { ports: t.ports, settings: t.settings };
});

beforeEach(async () => {
  t.clock.advance(3_600_000);
  await t.jobs.runDue();
  llm.reset();
  telegram.reset();
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), telegram.close()]);
});

async function until(condition: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met');
}

/** Runs every job due now, moving the clock in steps, for `seconds` of test time. */
async function runFor(seconds: number, step = 5) {
  for (let passed = 0; passed <= seconds; passed += step) {
    await t.jobs.runDue();
    t.clock.advance(step * 1000);
  }
}

const waitingOf = (chatId: string) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.author, 'customer'), isNull(messages.answeredAt)));

const botTexts = async (token: string, botId: string) =>
  (await dialogue(call, token, botId)).messages
    .filter((m: { author: string }) => m.author === 'bot')
    .map((m: { text: string }) => m.text);

/** Balance = welcome credit − the prices in History: nothing charged twice, nothing free. */
async function expectBalanceMatchesHistory(accountId: string) {
  const rows = await historyOf(t, accountId);
  const ledger = await ledgerOf(t, accountId);
  const charged = ledger.filter((entry) => entry.kind === 'charge');
  expect(charged.reduce((sum, entry) => sum - entry.amountMinor, 0)).toBe(
    rows.reduce((sum, row) => sum + row.priceMinor, 0),
  );
  expect(ledger.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBeGreaterThanOrEqual(0);
}

describe('engine: every customer message is answered exactly once', () => {
  it('serialises two overlapping runs of one chat: the newer waits for the older, then answers', async () => {
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    llm.queue({ kind: 'text', text: 'Ответ один', delayMs: 400 }, { kind: 'text', text: 'Ответ два' });
    const first = await say(call, owner.token, owner.botId, 'Сколько стоит стрижка?');
    const olderRun = respond(ctx, { chatId: first.chat_id, upToMessageId: first.message.id });
    await until(() => llm.requests.length === 1);
    const second = await say(call, owner.token, owner.botId, 'И окрашивание?');
    const newerRun = respond(ctx, { chatId: first.chat_id, upToMessageId: second.message.id });
    await Promise.all([olderRun, newerRun]);
    // QStash delivered both jobs (the two runs above): they are gone from its queue.
    await t.db
      .delete(jobs)
      .where(
        inArray(jobs.dedupId, [`${RESPOND_JOB}:${first.message.id}`, `${RESPOND_JOB}:${second.message.id}`]),
      );
    await runFor(600, 30);

    expect(await botTexts(owner.token, owner.botId)).toEqual(['Ответ один', 'Ответ два']);
    expect(await waitingOf(first.chat_id)).toEqual([]);
    expect(llm.requests).toHaveLength(2);
    expect(await historyOf(t, owner.accountId)).toHaveLength(2);
    await expectBalanceMatchesHistory(owner.accountId);
  });

  it('rides out a 30-second model outage: retried with backoff, one answer, no error row', async () => {
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    llm.queue(
      { kind: 'error', status: 503 },
      { kind: 'error', status: 500 },
      { kind: 'error', status: 429, retryAfterSeconds: 20 },
      { kind: 'text', text: 'Мы снова на связи' },
    );
    await say(call, owner.token, owner.botId, 'Здравствуйте');
    await t.jobs.runDue();
    t.clock.advance(5_000);
    await t.jobs.runDue();
    t.clock.advance(10_000);
    await t.jobs.runDue();
    expect(llm.requests).toHaveLength(3);
    // Asked to wait 20 s: nothing happens before.
    t.clock.advance(15_000);
    await t.jobs.runDue();
    expect(llm.requests).toHaveLength(3);
    expect(await historyOf(t, owner.accountId)).toEqual([]);
    t.clock.advance(5_000);
    await runFor(600, 30);

    expect(llm.requests).toHaveLength(4);
    expect(await botTexts(owner.token, owner.botId)).toEqual(['Мы снова на связи']);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => row.event)).toEqual(['answered']);
    await expectBalanceMatchesHistory(owner.accountId);
  });

  it('records the failure once the attempts are used up', async () => {
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    llm.queue(...Array.from({ length: 6 }, () => ({ kind: 'error' as const, status: 503 })));
    await say(call, owner.token, owner.botId, 'Здравствуйте');
    await runFor(1200, 10);
    expect(llm.requests).toHaveLength(6);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => [row.event, row.priceMinor])).toEqual([['llm_error', 0]]);
  });

  it('answers a message whose job could not be enqueued once the channel redelivers it', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    llm.queue({ kind: 'text', text: 'Добрый день!' });
    const update = telegram.userWrites(c.tg.token, 501, { text: 'Добрый день' });
    const enqueue = t.jobs.enqueue.bind(t.jobs);
    t.jobs.enqueue = async () => {
      throw new Error('QStash: service unavailable');
    };
    try {
      const failed = await bed.postUpdate(c.integrationId, update, c.secret);
      expect(failed.status).toBe(500);
    } finally {
      t.jobs.enqueue = enqueue;
    }
    // Telegram retries an update that did not get a 2xx.
    const again = await bed.postUpdate(c.integrationId, update, c.secret);
    expect(again.status).toBe(200);
    await runFor(60);
    expect(telegram.sentTexts(c.tg.token, 501)).toEqual(['Добрый день!']);
    await bed.postUpdate(c.integrationId, update, c.secret);
    await runFor(600, 30);
    expect(telegram.sentTexts(c.tg.token, 501)).toEqual(['Добрый день!']);
    expect(llm.requests).toHaveLength(1);
  });

  it('delivers a reply stored by a run that died before sending, once', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    llm.queue({ kind: 'text', text: 'Запишу вас на 11:00' });
    await bed.customerWrites(c, 777, 'Хочу записаться');
    const [chat] = await t.db.select().from(chats).where(eq(chats.integrationId, c.integrationId));
    const [customer] = chat ? await waitingOf(chat.id) : [];
    if (!chat || !customer) throw new Error('no waiting message');
    // The first run commits the answer, then its process stops for good (it never gets further).
    const stuck: Rooms = { ...t.ports.rooms, publish: () => new Promise<void>(() => {}) };
    void respond(
      { ...ctx, ports: { ...t.ports, rooms: stuck } },
      { chatId: chat.id, upToMessageId: customer.id },
    );
    await until(async () => (await historyOf(t, chat.accountId)).length === 1);
    expect(telegram.sentTexts(c.tg.token, 777)).toEqual([]);

    // QStash retries the job (it never got its answer), and the sweeper runs too.
    await respond(ctx, { chatId: chat.id, upToMessageId: customer.id });
    await sweepEngine(ctx);
    t.clock.advance(120_000);
    await sweepEngine(ctx);
    await runFor(600, 30);
    expect(telegram.sentTexts(c.tg.token, 777)).toEqual(['Запишу вас на 11:00']);
    const [reply] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chat.id), eq(messages.author, 'bot')));
    expect(reply?.deliveredAt).not.toBeNull();
    expect(llm.requests).toHaveLength(1);
  });

  it('the sweeper answers a message whose job was lost, once', async () => {
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    llm.queue({ kind: 'text', text: 'Ответ после потери' });
    const sent = await say(call, owner.token, owner.botId, 'Алло?');
    // The queue lost the job (a QStash outage, attempts used up).
    await t.db.delete(jobs).where(eq(jobs.dedupId, `${RESPOND_JOB}:${sent.message.id}`));
    t.clock.advance(60_000);
    await sweepEngine(ctx);
    await t.jobs.runDue();
    expect(llm.requests).toHaveLength(0);
    t.clock.advance(120_000);
    await sweepEngine(ctx);
    await sweepEngine(ctx);
    await runFor(120, 30);
    expect(await botTexts(owner.token, owner.botId)).toEqual(['Ответ после потери']);
    expect(llm.requests).toHaveLength(1);
    expect(
      await t.db.select().from(historyEntries).where(eq(historyEntries.chatId, sent.chat_id)),
    ).toHaveLength(1);
  });
});
