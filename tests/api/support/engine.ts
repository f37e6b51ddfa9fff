import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { accounts, balanceEntries, historyEntries } from '../../../db/schema';
import type { EngineContext } from '../../../functions/engine/context';
import { OpenAiLlm } from '../../../functions/ports/llm-openai';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai';
import { createTestApp, type TestApp, type TestAppOptions } from '../../support/test-app';
import { apiClient, type Call, signedInUser } from './client';

export const LLM_KEY = 'sk-engine-test-0123456789';

/** The OpenAI-compatible client against the fake: no retries, so a scripted error is the answer. */
export const fakeLlm = (fake: FakeOpenAi) =>
  new OpenAiLlm({ baseUrl: fake.baseUrl, apiKey: LLM_KEY, maxRetries: 0, retryBaseMs: 1 });

/**
 * One app per test file wired to a fake OpenAI server, with webhooks to local addresses allowed:
 * `engine.t` is the app, `engine.call` the client, `engine.fake` the model, `engine.ctx` the engine's.
 */
export function engineTestApp(options: TestAppOptions = {}) {
  const engine = {} as { t: TestApp; call: Call; fake: FakeOpenAi; ctx: EngineContext };
  beforeAll(async () => {
    engine.fake = await startFakeOpenAi({ apiKey: LLM_KEY });
    engine.t = await createTestApp({
      llm: fakeLlm(engine.fake),
      ...options,
      settings: { allowPrivateAddresses: true, ...options.settings },
    });
    engine.call = apiClient(engine.t);
    engine.ctx = { ports: engine.t.ports, settings: engine.t.settings };
  });
  beforeEach(() => engine.fake.reset());
  afterAll(async () => {
    await engine.t.close();
    await engine.fake.close();
  });
  return engine;
}

/** A bot body with no settings problems, so it can be switched on. */
/** The stop-bot action a bot "calls a person" with: it pauses the chat for half an hour after the reply. */
export const CALL_A_PERSON_ACTION = {
  name: 'Позвать администратора',
  description: 'Останавливает бота, дальше отвечает человек',
  goal_prompt: 'Когда клиент просит живого человека',
  type: 'stop_bot',
  settings: { period: 'for_time', seconds: 1800 },
};

/** The model's answer that runs CALL_A_PERSON_ACTION (queue it on the fake). */
export const CALLS_A_PERSON = {
  kind: 'tool_calls' as const,
  text: 'Сейчас позову администратора.',
  calls: [{ name: 'stop_bot_1', arguments: { reason: 'просит человека' } }],
};

export const workingBotBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Салон «Ромашка»',
  model: 'gpt-4o-mini',
  system_prompt: 'Ты администратор салона красоты. Отвечай коротко и вежливо.',
  goal_prompt: 'Записать клиента на стрижку',
  process_scheme: 'accumulation',
  accumulation_messages_seconds: 60,
  ...overrides,
});

/** Creates a bot through the API and switches it on; fails loudly when either step is refused. */
export async function createWorkingBot(call: Call, token: string, overrides: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/bot', { token, body: workingBotBody(overrides) });
  if (created.status !== 201) throw new Error(`create bot: ${JSON.stringify(created.json)}`);
  const on = await call('PATCH', `/api/bot/${created.json.id}`, { token, body: { is_work: true } });
  if (on.status !== 200) throw new Error(`switch on: ${JSON.stringify(on.json)}`);
  return created.json.id as string;
}

/** A signed-in owner with a working bot. */
export async function ownerWithBot(t: TestApp, overrides: Record<string, unknown> = {}, user = {}) {
  const owner = await signedInUser(t, user);
  const call = apiClient(t);
  const botId = await createWorkingBot(call, owner.token, overrides);
  const [account] = await t.db.select().from(accounts).where(eq(accounts.email, owner.email));
  if (!account) throw new Error('no account');
  return { ...owner, botId, accountId: account.id };
}

export async function say(call: Call, token: string, botId: string, text: string) {
  const sent = await call('POST', '/api/check/messages', { token, body: { bot_id: botId, text } });
  if (sent.status !== 202) throw new Error(`send: ${sent.status} ${JSON.stringify(sent.json)}`);
  return sent.json;
}

export const dialogue = async (call: Call, token: string, botId: string) =>
  (await call('GET', `/api/check/messages?bot_id=${botId}`, { token })).json;

export const historyOf = (t: TestApp, accountId: string) =>
  t.db
    .select()
    .from(historyEntries)
    .where(eq(historyEntries.accountId, accountId))
    .orderBy(historyEntries.createdAt);

export const ledgerOf = (t: TestApp, accountId: string) =>
  t.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, accountId));

/** The user messages of a recorded chat completion request. */
export function userTexts(body: Record<string, unknown> | undefined): string[] {
  const messages = Array.isArray(body?.messages)
    ? (body.messages as { role: string; content: unknown }[])
    : [];
  return messages.filter((m) => m.role === 'user').map((m) => String(m.content));
}
