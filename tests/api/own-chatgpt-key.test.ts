import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { engineTestApp, historyOf, ownerWithBot, say, userTexts } from './support/engine';
import { balanceTotal } from './support/money';

const OWN_KEY = 'sk-own-account-key-9876543210';
const openai = {} as { fake: FakeOpenAi };

beforeAll(async () => {
  openai.fake = await startFakeOpenAi({ apiKey: OWN_KEY });
});
beforeEach(() => openai.fake.reset());
afterAll(() => openai.fake.close());

const engine = engineTestApp({
  settings: {
    get apiRoots() {
      return { chatgpt: openai.fake.baseUrl };
    },
  },
});

const instant = { process_scheme: 'instant' };

/** Chat completions the owner's endpoint answered (the key check lists models first). */
const ownCompletions = () => openai.fake.requests.filter((request) => request.method === 'POST');

async function connectKey(token: string, key: string) {
  const created = await engine.call('POST', '/api/integrations', {
    token,
    body: { type: 'chatgpt', connection_data: { api_key: key } },
  });
  const connected = await engine.call('POST', `/api/integrations/connect/${created.json.id}`, { token });
  return { id: created.json.id as string, connected };
}

async function ask(owner: { token: string; botId: string }, text: string) {
  await say(engine.call, owner.token, owner.botId, text);
  await engine.t.jobs.runDue();
}

describe('the account’s own ChatGPT key', () => {
  it('connects only with a key the models endpoint accepts, and never shows it back', async () => {
    const owner = await ownerWithBot(engine.t, instant);
    const wrong = await connectKey(owner.token, 'sk-not-a-real-key-000');
    expect(wrong.connected.status).toBe(422);
    expect(wrong.connected.json.message).toBe('Подключение не удалось, повторите попытку');
    const right = await connectKey(owner.token, OWN_KEY);
    expect(right.connected.status).toBe(200);
    expect(right.connected.json.connected).toBe(true);
    expect(JSON.stringify(right.connected.json)).not.toContain(OWN_KEY);
  });

  it('answers through the own key at price 0 with History saying why, and the model sees no earlier dialogue', async () => {
    const owner = await ownerWithBot(engine.t, instant);
    engine.fake.queue({
      kind: 'text',
      text: 'Ответ за наш счёт',
      usage: { prompt_tokens: 50_000, completion_tokens: 5_000 },
    });
    await ask(owner, 'Первый вопрос до ключа');
    expect(engine.fake.requests).toHaveLength(1);
    const before = await balanceTotal(engine.t, owner.token);

    engine.t.clock.set(new Date(engine.t.clock.now().getTime() + 1000));
    expect((await connectKey(owner.token, OWN_KEY)).connected.status).toBe(200);
    engine.t.clock.set(new Date(engine.t.clock.now().getTime() + 1000));
    openai.fake.queue({
      kind: 'text',
      text: 'Ответ за счёт владельца',
      usage: { prompt_tokens: 50_000, completion_tokens: 5_000 },
    });
    await ask(owner, 'Второй вопрос с ключом');
    expect(engine.fake.requests).toHaveLength(1);
    expect(ownCompletions()).toHaveLength(1);
    const sent = userTexts(ownCompletions()[0]?.body as Record<string, unknown> | undefined);
    expect(sent.join('\n')).toContain('Второй вопрос с ключом');
    expect(sent.join('\n')).not.toContain('Первый вопрос до ключа');

    const rows = await historyOf(engine.t, owner.accountId);
    expect(rows.at(-1)).toMatchObject({ event: 'answered', priceMinor: 0, ownKey: true });
    expect(await balanceTotal(engine.t, owner.token)).toBe(before);
    const listed = await engine.call('GET', '/api/history', { token: owner.token });
    expect(listed.json.items[0]).toMatchObject({ price_minor: 0, own_key: true });
  });

  it('removing the key moves the bots back to ours, billed again', async () => {
    const owner = await ownerWithBot(engine.t, instant);
    const { id } = await connectKey(owner.token, OWN_KEY);
    expect((await engine.call('DELETE', `/api/integrations/${id}`, { token: owner.token })).status).toBe(204);
    engine.fake.queue({
      kind: 'text',
      text: 'Снова наш ключ',
      usage: { prompt_tokens: 50_000, completion_tokens: 5_000 },
    });
    await ask(owner, 'Кто отвечает?');
    expect(ownCompletions()).toHaveLength(0);
    expect(engine.fake.requests).toHaveLength(1);
    const rows = await historyOf(engine.t, owner.accountId);
    expect(rows.at(-1)?.ownKey).toBe(false);
    expect(rows.at(-1)?.priceMinor).toBeGreaterThan(0);
  });
});
