import { OpenAiLlm } from '../functions/ports/llm-openai';
import { apiClient } from '../tests/api/support/client';
import { startFakeOpenAi } from '../tests/fakes/openai';
import { createTestApp } from '../tests/support/test-app';
import { fundedOwner } from './owner';
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
  // Statements by what they start with (the profile of the hot path).
  let counting = false;
  const statements = new Map<string, number>();
  const dbLogger = {
    logQuery(query: string) {
      if (!counting) return;
      const head = query.trim().split(/\s+/).slice(0, 3).join(' ').replace(/"/g, '').slice(0, 40);
      statements.set(head, (statements.get(head) ?? 0) + 1);
    },
  };
  const t = await createTestApp({ llm, dbLogger });
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
    const turns: number[] = [];
    counting = true;
    for (let i = 0; i < MESSAGES; i++) turns.push(await turn(i));
    counting = false;
    const models: number[] = [];
    for (let i = 0; i < MESSAGES; i++) models.push(await modelCall());
    const answers = fake.requests.length;
    const overhead = (p: number) => percentile(turns, p) - percentile(models, 50);
    const total = [...statements.values()].reduce((sum, count) => sum + count, 0);
    const perMessage = total / MESSAGES;
    const top = [...statements.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([head, count]) => `  ${(count / MESSAGES).toFixed(1).padStart(5)} × ${head}`);
    return [
      `Engine per message, in-process, instant bot, ${MESSAGES} messages (${answers} model calls)`,
      `receive → answer stored           p50 ${ms(percentile(turns, 50))}   p99 ${ms(percentile(turns, 99))}`,
      `the model call alone (fake)        p50 ${ms(percentile(models, 50))}`,
      `engine overhead excluding model    p50 ${ms(overhead(50))}   p99 ${ms(overhead(99))}`,
      `SQL statements per message (HTTP receive + respond job; BEGIN/COMMIT not counted): ${perMessage.toFixed(1)}, ` +
        `${ms(overhead(50) / perMessage)} each at p50; the most frequent:`,
      ...top,
    ];
  } finally {
    await t.close();
    await fake.close();
  }
}
