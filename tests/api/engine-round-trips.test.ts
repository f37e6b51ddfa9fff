import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, jobs, messages } from '../../db/schema';
import { RESPOND_JOB } from '../../functions/engine/job-names';
import { jobHandlers } from '../../functions/jobs';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeTelegram, startFakeTelegram } from '../fakes/telegram';
import { roundTrips, type SqlProfile, sqlRecorder, statementHead } from '../support/sql-profile';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient, type Call } from './support/client';
import { createWorkingBot, fakeLlm, LLM_KEY } from './support/engine';
import { payingOwner } from './support/money';
import { telegramTestbed } from './support/telegram';

/**
 * What one customer message costs the database (issue #25): accepting it (Check's send, a Telegram
 * webhook: stored, its answer due) and answering it (the respond job, called as QStash would, without
 * the local runner's own bookkeeping). No timings: the counts are the production cost, each a network
 * round trip to Neon. The queue's own write (the embedded runner's `insert jobs`; a QStash publish in
 * production, not a database call) is counted apart, and so is the kv (Upstash in production; a table
 * of the database only when the Node shape runs on a Postgres server). The ceilings are today's figures, so a change
 * that adds a round trip is seen in review; a change that saves some lowers them.
 */
const ACCEPT_CEILING = { roundTrips: 2, transactions: 0 };
const ANSWER_CEILING = { roundTrips: 4, transactions: 0 };

const recorder = sqlRecorder();
const app = {} as { t: TestApp; call: Call; fake: FakeOpenAi; telegram: FakeTelegram };
beforeAll(async () => {
  [app.fake, app.telegram] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeTelegram()]);
  app.t = await createTestApp({
    llm: fakeLlm(app.fake),
    dbLogger: recorder.logger,
    settings: { publicUrl: 'https://bots.example.com', apiRoots: { telegram: app.telegram.url } },
  });
  recorder.watch(app.t.db);
  app.call = apiClient(app.t);
});
afterAll(async () => {
  await app.t.close();
  await Promise.all([app.fake.close(), app.telegram.close()]);
});

const isQueueWrite = (statement: string) => statementHead(statement) === 'insert jobs';
/** The kv's own reads and writes: Upstash in production, a table of the database only on a Node server. */
const isKv = (statement: string) => /\bkv_entries\b/.test(statementHead(statement));
/** The database's part: the queue's own write and the kv's left out. */
const database = (profile: SqlProfile): SqlProfile => ({
  ...profile,
  statements: profile.statements.filter((statement) => !isQueueWrite(statement) && !isKv(statement)),
});
const describeProfile = (profile: SqlProfile) =>
  `${roundTrips(profile)} round trips (${profile.statements.length} statements, ${profile.transactions} transactions): ${profile.statements.map(statementHead).join(', ')}`;

function expectAccepted(name: string, profile: SqlProfile) {
  const stored = database(profile);
  console.info(`${name}: ${describeProfile(profile)}`);
  expect(profile.statements.filter(isQueueWrite), 'the answer is queued once').toHaveLength(1);
  expect(roundTrips(stored), describeProfile(profile)).toBeLessThanOrEqual(ACCEPT_CEILING.roundTrips);
  expect(stored.transactions).toBeLessThanOrEqual(ACCEPT_CEILING.transactions);
}

describe('database round trips per message', () => {
  it('accepts and answers one Check message within today’s round trips', async () => {
    const owner = await payingOwner(app.t, 10_000_000);
    const botId = await createWorkingBot(app.call, owner.token, { process_scheme: 'instant' });
    const send = (text: string) =>
      app.call('POST', '/api/check/messages', { token: owner.token, body: { bot_id: botId, text } });
    // The first message warms what is cached (the account, the welcome credit).
    expect((await send('Здравствуйте')).status).toBe(202);
    await app.t.jobs.runDue();

    const accept = await recorder.measure(async () =>
      expect((await send('Сколько стоит стрижка?')).status).toBe(202),
    );
    const [job] = await app.t.db.select().from(jobs).where(eq(jobs.name, RESPOND_JOB));
    if (!job) throw new Error('no respond job');
    await app.t.db.delete(jobs).where(eq(jobs.id, job.id));
    const handler = jobHandlers[RESPOND_JOB];
    if (!handler) throw new Error('no respond handler');
    const answer = await recorder.measure(() => handler(job.payload, app.t.ports, app.t.settings));
    expect(app.fake.requests.length).toBe(2);

    expectAccepted('accept (Check)', accept);
    console.info(`answer: ${describeProfile(answer)}`);
    expect(roundTrips(database(answer)), describeProfile(answer)).toBeLessThanOrEqual(
      ANSWER_CEILING.roundTrips,
    );
    expect(answer.transactions).toBeLessThanOrEqual(ANSWER_CEILING.transactions);
    // An account without event webhook endpoints: no outbox CTE rides in its statements.
    const outbox = (profile: SqlProfile) =>
      profile.statements.filter((statement) => statement.includes('event_webhook_deliveries'));
    expect(outbox(accept)).toEqual([]);
    expect(outbox(answer)).toEqual([]);
  });

  it('accepts a Telegram update within today’s round trips', async () => {
    const bed = telegramTestbed(app.t, app.call, app.telegram);
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const update = (id: number) =>
      app.telegram.userWrites(c.tg.token, 900_001, { text: 'Можно записаться на завтра?', updateId: id });
    expect((await bed.postUpdate(c.integrationId, update(1), c.secret)).status).toBe(200);
    const accept = await recorder.measure(async () =>
      expect((await bed.postUpdate(c.integrationId, update(2), c.secret)).status).toBe(200),
    );
    expectAccepted('accept (Telegram webhook)', accept);
  });

  it('stores a burst of Telegram updates together, each once, with far fewer statements than messages', async () => {
    const bed = telegramTestbed(app.t, app.call, app.telegram);
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const updates = Array.from({ length: 24 }, (_, index) =>
      app.telegram.userWrites(c.tg.token, 910_000 + (index % 8), {
        text: `Вопрос ${index}`,
        updateId: 5_000 + index,
      }),
    );
    // Six of them delivered twice within the same burst, as Telegram does after a slow answer.
    const deliveries = [...updates, ...updates.slice(0, 6)];
    const burst = await recorder.measure(async () => {
      const answers = await Promise.all(
        deliveries.map((update) => bed.postUpdate(c.integrationId, update, c.secret)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(deliveries.map(() => 200));
    });
    const heads = burst.statements.map(statementHead);
    console.info(`a burst of ${deliveries.length} deliveries: ${heads.join(', ')}`);
    expect(heads.filter((head) => head === 'engine_accept').length).toBeLessThan(deliveries.length / 3);
    expect(heads.filter((head) => head === 'select integrations').length).toBeLessThan(deliveries.length / 3);

    const stored = await app.t.db
      .select({ text: messages.text, chatId: messages.chatId })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(eq(chats.integrationId, c.integrationId));
    expect(stored.map((message) => message.text).sort()).toEqual(
      updates.map((_, index) => `Вопрос ${index}`).sort(),
    );
    expect(new Set(stored.map((message) => message.chatId)).size).toBe(8);
  });
});
