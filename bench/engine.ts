import { eq } from 'drizzle-orm';
import { accounts, balanceEntries } from '../db/schema';
import { OpenAiLlm } from '../functions/ports/llm-openai';
import { apiClient, signedInUser } from '../tests/api/support/client';
import { startFakeOpenAi } from '../tests/fakes/openai';
import { createTestApp } from '../tests/support/test-app';
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
  const t = await createTestApp({ llm });
  try {
    const call = apiClient(t);
    const owner = await signedInUser(t);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, owner.email));
    if (!account) throw new Error('no account');
    await t.db.insert(balanceEntries).values({
      accountId: account.id,
      amountMinor: 100_000_000,
      currency: account.currency,
      kind: 'top_up',
      createdAt: t.clock.now(),
    });
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
    const turns: number[] = [];
    for (let i = 0; i < MESSAGES; i++) turns.push(await turn(i));
    const models: number[] = [];
    for (let i = 0; i < MESSAGES; i++) models.push(await modelCall());
    const answers = fake.requests.length;
    const overhead = (p: number) => percentile(turns, p) - percentile(models, 50);
    return [
      `Engine per message, in-process, instant bot, ${MESSAGES} messages (${answers} model calls)`,
      `receive → answer stored           p50 ${ms(percentile(turns, 50))}   p99 ${ms(percentile(turns, 99))}`,
      `the model call alone (fake)        p50 ${ms(percentile(models, 50))}`,
      `engine overhead excluding model    p50 ${ms(overhead(50))}   p99 ${ms(overhead(99))}`,
    ];
  } finally {
    await t.close();
    await fake.close();
  }
}
