import { OpenAiLlm } from '../functions/ports/llm-openai';
import { apiClient } from '../tests/api/support/client';
import { startFakeOpenAi } from '../tests/fakes/openai';
import {
  roundTrips,
  type SqlProfile,
  sqlRecorder,
  statementHead,
  writes,
} from '../tests/support/sql-profile';
import { createTestApp } from '../tests/support/test-app';
import { fundedOwner } from './owner';
import { timeStatements } from './statement-times';
import { ms, percentile } from './stats';

const API_KEY = 'sk-bench';
const MESSAGES = 300;

/**
 * Engine cost per message without the model: an instant bot answers through Check in-process while
 * the fake model answers at once; the same model call made alone is subtracted.
 */
export async function engineOverhead(): Promise<string[]> {
  const fake = await startFakeOpenAi({ apiKey: API_KEY });
  const llm = new OpenAiLlm({ baseUrl: fake.baseUrl, apiKey: API_KEY, maxRetries: 0 });
  // The database cost of the hot path: statements, transactions (each adds BEGIN and COMMIT), writes.
  const recorder = sqlRecorder();
  const t = await createTestApp({ llm, dbLogger: recorder.logger });
  recorder.watch(t.db);
  if (!t.client) throw new Error('the engine bench runs on PGlite');
  const timer = timeStatements(t.client);
  try {
    const call = apiClient(t);
    const owner = await fundedOwner(t);
    const bot = await call('POST', '/api/bot', {
      token: owner.token,
      body: { name: 'Bench', system_prompt: 'Answer briefly.', process_scheme: 'instant' },
    });
    await call('PATCH', `/api/bot/${bot.json.id}`, { token: owner.token, body: { is_work: true } });

    const turn = async (i: number) => {
      const started = performance.now();
      const sent = await call('POST', '/api/check/messages', {
        token: owner.token,
        body: { bot_id: bot.json.id, text: `Сообщение ${i}` },
      });
      if (sent.status !== 202) throw new Error(`send: ${JSON.stringify(sent.json)}`);
      await t.jobs.runDue();
      return performance.now() - started;
    };
    const modelCall = async () => {
      const started = performance.now();
      await llm.complete({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Привет' }] });
      return performance.now() - started;
    };
    for (let i = 0; i < 20; i++) await turn(i);
    timer.record(true);
    const turns: number[] = [];
    const profiles: SqlProfile[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      let took = 0;
      profiles.push(
        await recorder.measure(async () => {
          took = await turn(i);
        }),
      );
      turns.push(took);
    }
    timer.record(false);
    const models: number[] = [];
    for (let i = 0; i < MESSAGES; i++) models.push(await modelCall());
    const answers = fake.requests.length;
    const overhead = (p: number) => percentile(turns, p) - percentile(models, 50);
    const perMessage = (count: (profile: SqlProfile) => number) =>
      profiles.reduce((sum, profile) => sum + count(profile), 0) / MESSAGES;
    const statements = perMessage((profile) => profile.statements.length);
    const heads = new Map<string, number>();
    for (const profile of profiles)
      for (const statement of profile.statements) {
        const head = statementHead(statement);
        heads.set(head, (heads.get(head) ?? 0) + 1);
      }
    const top = [...heads.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([head, count]) => `  ${(count / MESSAGES).toFixed(1).padStart(5)} × ${head}`);
    return [
      `Engine per message, in-process, instant bot, ${MESSAGES} messages (${answers} model calls)`,
      `receive → answer stored           p50 ${ms(percentile(turns, 50))}   p99 ${ms(percentile(turns, 99))}`,
      `the model call alone (fake)        p50 ${ms(percentile(models, 50))}`,
      `engine overhead excluding model    p50 ${ms(overhead(50))}   p99 ${ms(overhead(99))}`,
      `database per message (HTTP receive + respond job through the local runner): ` +
        `${perMessage(roundTrips).toFixed(1)} round trips = ${statements.toFixed(1)} statements + ` +
        `${perMessage((profile) => profile.transactions).toFixed(1)} transactions × 2; ` +
        `${perMessage(writes).toFixed(1)} writes; ${ms(overhead(50) / perMessage(roundTrips))} per round trip at p50; the most frequent:`,
      ...top,
      'the slowest statements (mean):',
      ...timer
        .slowest(3)
        .map(
          ([head, mean, count]) =>
            `  ${ms(mean).padStart(9)}  ${head} (${(count / MESSAGES).toFixed(1)} per message)`,
        ),
    ];
  } finally {
    await t.close();
    await fake.close();
  }
}
