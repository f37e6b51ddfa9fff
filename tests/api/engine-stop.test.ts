import { describe, expect, it } from 'vitest';
import { receiveInbound } from '../../functions/engine/receive';
import {
  CALL_A_PERSON_ACTION,
  CALLS_A_PERSON,
  dialogue,
  engineTestApp,
  historyOf,
  ownerWithBot,
  say,
  userTexts,
} from './support/engine';

const engine = engineTestApp();

type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

let operatorCount = 0;
const operatorWrites = (owner: Owner, text: string) =>
  receiveInbound(engine.ctx, {
    accountId: owner.accountId,
    botId: owner.botId,
    channel: 'check',
    integrationId: null,
    chatExternalId: owner.botId,
    messageExternalId: `operator-${++operatorCount}`,
    author: 'operator',
    text,
  });

const stopLogic = (period: string, seconds = 3600, during = true) => ({
  stop_logic: { stop_during_intervention: during, bot_stop_period: period, bot_stop_period_seconds: seconds },
});

describe('engine: stop logic on operator messages', () => {
  it('"until the next message": the pending answer stands down, the customer’s next message resumes the bot', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, {
      accumulation_messages_seconds: 60,
      ...stopLogic('until_next_message'),
    });
    await say(call, owner.token, owner.botId, 'Сколько стоит стрижка?');
    t.clock.advance(20_000);
    await operatorWrites(owner, 'Стрижка стоит 1500 ₽');
    expect((await dialogue(call, owner.token, owner.botId)).state).toBe('stopped');
    t.clock.advance(60_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    expect(await historyOf(t, owner.accountId)).toHaveLength(0);

    await say(call, owner.token, owner.botId, 'А записаться можно?');
    expect((await dialogue(call, owner.token, owner.botId)).state).toBe('working');
    t.clock.advance(60_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    // The operator's reply is part of the dialogue the model reads; the question it answered is not waiting.
    const messages = fake.bodies[0]?.messages as { role: string; content: string }[];
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'Сколько стоит стрижка?' },
      { role: 'assistant', content: '[written by a human manager] Стрижка стоит 1500 ₽' },
      { role: 'user', content: 'А записаться можно?' },
    ]);
  });

  it('"for a time": the chat is paused, refuses meanwhile, and the pause expires on its own', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant', ...stopLogic('for_time', 600) });
    await operatorWrites(owner, 'Добрый день! Я администратор.');
    expect((await dialogue(call, owner.token, owner.botId)).state).toBe('paused');

    t.clock.advance(599_000);
    await say(call, owner.token, owner.botId, 'Здравствуйте');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => row.event)).toEqual(['refused_chat_paused']);

    t.clock.advance(1_000);
    expect((await dialogue(call, owner.token, owner.botId)).state).toBe('working');
    await say(call, owner.token, owner.botId, 'Вы тут?');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    expect(userTexts(fake.bodies[0])).toEqual(['Здравствуйте', 'Вы тут?']);
  });

  it('"forever": the bot stays stopped however much time passes', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant', ...stopLogic('forever') });
    await operatorWrites(owner, 'Дальше отвечаю я');
    // Longer than any timed stop, inside the session and the demo.
    t.clock.advance(6 * 86_400_000);
    await say(call, owner.token, owner.botId, 'Здравствуйте');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    expect((await dialogue(call, owner.token, owner.botId)).state).toBe('stopped');
    expect((await historyOf(t, owner.accountId)).map((row) => row.event)).toEqual(['refused_chat_stopped']);
  });

  it('keeps answering when "stop during intervention" is off', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, {
      accumulation_messages_seconds: 30,
      ...stopLogic('forever', 0, false),
    });
    await say(call, owner.token, owner.botId, 'Вопрос');
    await operatorWrites(owner, 'Подсказка от менеджера');
    t.clock.advance(30_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    expect((await dialogue(call, owner.token, owner.botId)).state).toBe('working');
  });
});

describe('engine: stops decided by the model', () => {
  it('the stop-bot action pauses the chat for its time after the reply', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, {
      process_scheme: 'instant',
      actions_enable: true,
      actions: [CALL_A_PERSON_ACTION],
    });
    fake.queue(CALLS_A_PERSON);
    await say(call, owner.token, owner.botId, 'Позовите человека');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    const tools = fake.bodies[0]?.tools as { function: { name: string; description: string } }[];
    expect(tools.map((tool) => tool.function.name)).toEqual(['stop_bot_1']);
    expect(tools[0]?.function.description).toContain('Когда клиент просит живого человека');

    const shown = await dialogue(call, owner.token, owner.botId);
    expect(shown.state).toBe('paused');
    expect(shown.messages.at(-1)).toMatchObject({ author: 'bot', text: 'Сейчас позову администратора.' });
    const [row] = await historyOf(t, owner.accountId);
    expect(row?.actions).toEqual([
      { name: 'Позвать администратора', type: 'stop_bot', ok: true, detail: 'for_time' },
    ]);

    t.clock.advance(1_800_000);
    expect((await dialogue(call, owner.token, owner.botId)).state).toBe('working');
  });

  it('automatic stop sends the stop message in an interruption case and stops for the stop period', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, {
      process_scheme: 'instant',
      stop_message: 'Момент, уточню информацию',
      stop_logic: {
        automatic_stop: true,
        bot_stop_period: 'until_next_message',
        interruption_cases: ['Клиент жалуется'],
      },
    });
    fake.queue({ kind: 'tool_calls', calls: [{ name: 'stop_dialog', arguments: {} }] });
    await say(call, owner.token, owner.botId, 'Я очень недоволен!');
    await t.jobs.runDue();
    const tools = fake.bodies[0]?.tools as { function: { name: string; description: string } }[];
    expect(tools[0]?.function).toMatchObject({ name: 'stop_dialog' });
    expect(tools[0]?.function.description).toContain('Клиент жалуется');
    const shown = await dialogue(call, owner.token, owner.botId);
    expect(shown.state).toBe('stopped');
    expect(shown.messages.at(-1)).toMatchObject({ author: 'bot', text: 'Момент, уточню информацию' });
    // "Until the next message": the customer writing again brings the bot back.
    await say(call, owner.token, owner.botId, 'Ау?');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);
  });
});
