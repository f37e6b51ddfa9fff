import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { RESPOND_JOB } from '../../functions/engine/job-names';
import { jobHandlers } from '../../functions/jobs';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { roundTrips, type SqlProfile, sqlRecorder, statementHead } from '../support/sql-profile';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient, type Call } from './support/client';
import { createWorkingBot, fakeLlm, LLM_KEY } from './support/engine';
import { payingOwner } from './support/money';

/**
 * What one customer message costs the database (issue #25): accepting it (Check's send: stored, its
 * answer due) and answering it (the respond job, called as QStash would, without the local runner's
 * own bookkeeping). No timings: the counts are the production cost, each a network round trip to
 * Neon. The ceilings are today's figures, so a change that adds a round trip is seen in review; a
 * change that saves some lowers them.
 */
const ACCEPT_CEILING = { roundTrips: 6, transactions: 0 };
const ANSWER_CEILING = { roundTrips: 7, transactions: 0 };

const recorder = sqlRecorder();
const app = {} as { t: TestApp; call: Call; fake: FakeOpenAi };
beforeAll(async () => {
  app.fake = await startFakeOpenAi({ apiKey: LLM_KEY });
  app.t = await createTestApp({ llm: fakeLlm(app.fake), dbLogger: recorder.logger });
  recorder.watch(app.t.db);
  app.call = apiClient(app.t);
});
afterAll(async () => {
  await app.t.close();
  await app.fake.close();
});

const describeProfile = (profile: SqlProfile) =>
  `${roundTrips(profile)} round trips (${profile.statements.length} statements, ${profile.transactions} transactions): ${profile.statements.map(statementHead).join(', ')}`;

describe('database round trips per message', () => {
  it('accepts and answers one message within today’s round trips', async () => {
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

    console.info(`accept: ${describeProfile(accept)}\nanswer: ${describeProfile(answer)}`);
    expect(roundTrips(accept), describeProfile(accept)).toBeLessThanOrEqual(ACCEPT_CEILING.roundTrips);
    expect(accept.transactions).toBeLessThanOrEqual(ACCEPT_CEILING.transactions);
    expect(roundTrips(answer), describeProfile(answer)).toBeLessThanOrEqual(ANSWER_CEILING.roundTrips);
    expect(answer.transactions).toBeLessThanOrEqual(ANSWER_CEILING.transactions);
  });
});
