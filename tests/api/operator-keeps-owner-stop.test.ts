import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bots, chats } from '../../db/schema';
import { applyOperatorMessage } from '../../functions/engine/operator';
import { engineTestApp, historyOf, ownerWithBot, say } from './support/engine';

const engine = engineTestApp();

type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A bot that stops for its stop period when a manager writes (SPEC §3 stop_logic), answering at once. */
const intervening = (period: 'until_next_message' | 'for_time' | 'forever', seconds = 600) => ({
  process_scheme: 'instant',
  stop_logic: { stop_during_intervention: true, bot_stop_period: period, bot_stop_period_seconds: seconds },
});

/** The owner's chat in Check, answered once, so the chats screen has it. */
async function answeredChat(owner: Owner): Promise<string> {
  const { t, call, fake } = engine;
  fake.queue({ kind: 'text', text: 'Здравствуйте! Чем помочь?' });
  const sent = await say(call, owner.token, owner.botId, 'Привет');
  await t.jobs.runDue();
  expect(fake.requests).toHaveLength(1);
  fake.reset();
  return sent.chat_id as string;
}

const chatOf = async (owner: Owner, id: string) =>
  (await engine.call('GET', `/api/chats/${id}`, { token: owner.token })).json;

/** A manager answers from the chats screen. */
async function managerWrites(owner: Owner, id: string) {
  const sent = await engine.call('POST', `/api/chats/${id}/messages`, {
    token: owner.token,
    body: { text: 'Отвечу сам' },
  });
  expect(sent.status).toBe(201);
  return sent.json;
}

/** The customer writes again; returns whether the model was asked. */
async function customerWrites(owner: Owner): Promise<boolean> {
  const { t, call, fake } = engine;
  await say(call, owner.token, owner.botId, 'Ещё вопрос');
  await t.jobs.runDue();
  return fake.requests.length > 0;
}

describe('engine: a manager’s message never weakens the chat’s stop', () => {
  it('the owner’s stop stays: the bot does not answer the customer’s next message', async () => {
    const owner = await ownerWithBot(engine.t, intervening('until_next_message'));
    const id = await answeredChat(owner);
    const stopped = await engine.call('POST', `/api/chats/${id}/stop`, { token: owner.token });
    expect(stopped.json.state).toBe('stopped');

    expect(await managerWrites(owner, id)).toMatchObject({ state: 'stopped' });
    expect(await customerWrites(owner)).toBe(false);
    expect(await chatOf(owner, id)).toMatchObject({ state: 'stopped', pause_code: null, paused_until: null });
    const rows = await historyOf(engine.t, owner.accountId);
    expect(rows.at(-1)?.event).toBe('refused_chat_stopped');
  });

  it('a forever pause (code 1) stays forever after an intervention "for a time"', async () => {
    const { t } = engine;
    const owner = await ownerWithBot(t, intervening('for_time', 600));
    const id = await answeredChat(owner);
    await engine.call('POST', `/api/chats/${id}/pause`, { token: owner.token, body: { code: 1 } });

    expect(await managerWrites(owner, id)).toMatchObject({
      state: 'paused',
      pause_code: 1,
      paused_until: null,
    });
    t.clock.advance(601_000);
    expect(await customerWrites(owner)).toBe(false);
    expect(await chatOf(owner, id)).toMatchObject({ state: 'paused', pause_code: 1, paused_until: null });
  });

  it('a forever pause is not turned into a stop by an intervention "forever"', async () => {
    const owner = await ownerWithBot(engine.t, intervening('forever'));
    const id = await answeredChat(owner);
    await engine.call('POST', `/api/chats/${id}/pause`, { token: owner.token, body: { code: 1 } });
    expect(await managerWrites(owner, id)).toMatchObject({
      state: 'paused',
      pause_code: 1,
      paused_until: null,
    });
  });

  it('a longer pause keeps its end after a shorter intervention', async () => {
    const { t } = engine;
    const owner = await ownerWithBot(t, intervening('for_time', 600));
    const id = await answeredChat(owner);
    const paused = await engine.call('POST', `/api/chats/${id}/pause`, {
      token: owner.token,
      body: { code: 2 },
    });
    const end = paused.json.paused_until as string;
    expect(Date.parse(end)).toBe(t.clock.now().getTime() + DAY);

    t.clock.advance(MINUTE);
    expect(await managerWrites(owner, id)).toMatchObject({
      state: 'paused',
      pause_code: 2,
      paused_until: end,
    });
    t.clock.advance(601_000);
    expect(await customerWrites(owner)).toBe(false);
    expect(await chatOf(owner, id)).toMatchObject({ state: 'paused', pause_code: 2, paused_until: end });
  });

  it('a working chat takes the intervention’s stop as before', async () => {
    const { t } = engine;
    const owner = await ownerWithBot(t, intervening('for_time', 600));
    const id = await answeredChat(owner);
    const until = new Date(t.clock.now().getTime() + 600_000).toISOString();
    expect(await managerWrites(owner, id)).toMatchObject({
      state: 'paused',
      pause_code: null,
      paused_until: until,
    });
    t.clock.advance(599_000);
    expect(await customerWrites(owner)).toBe(false);
    t.clock.advance(2_000);
    expect(await customerWrites(owner)).toBe(true);
    expect((await chatOf(owner, id)).state).toBe('working');
  });

  it('a shorter pause, or one that has passed, gives way to a longer intervention', async () => {
    const { t } = engine;
    const owner = await ownerWithBot(t, intervening('for_time', 3600));
    const id = await answeredChat(owner);
    await engine.call('POST', `/api/chats/${id}/pause`, { token: owner.token, body: { code: 4 } });
    const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect(await managerWrites(owner, id)).toMatchObject({
      state: 'paused',
      pause_code: null,
      paused_until: until,
    });

    await engine.call('POST', `/api/chats/${id}/pause`, { token: owner.token, body: { code: 4 } });
    t.clock.advance(11 * MINUTE);
    const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect(await managerWrites(owner, id)).toMatchObject({
      state: 'paused',
      pause_code: null,
      paused_until: later,
    });
  });

  it('a stop written after the chat was read is the one compared', async () => {
    const { t } = engine;
    const owner = await ownerWithBot(t, intervening('until_next_message'));
    const id = await answeredChat(owner);
    const [read] = await t.db.select().from(chats).where(eq(chats.id, id));
    const [bot] = await t.db.select().from(bots).where(eq(bots.id, owner.botId));
    if (!read || !bot) throw new Error('no chat');
    await engine.call('POST', `/api/chats/${id}/stop`, { token: owner.token });

    const after = await applyOperatorMessage(engine.ctx, read, bot, t.clock.now());
    expect(after).toMatchObject({ state: 'stopped', resumeOnMessage: false });
    expect(await customerWrites(owner)).toBe(false);
    expect((await chatOf(owner, id)).state).toBe('stopped');
  });
});
