import { describe, expect, it } from 'vitest';
import { dialogue, engineTestApp, historyOf, ownerWithBot, say, userTexts } from './support/engine';

const engine = engineTestApp();

describe('engine: accumulation and instant answers', () => {
  it('answers three messages sent inside the window with one model call holding all three', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { accumulation_messages_seconds: 60 });
    fake.queue({ kind: 'text', text: 'Здравствуйте! Записать вас на завтра в 10:00?' });

    const first = await say(call, owner.token, owner.botId, 'Здравствуйте');
    expect(first.answer_due_at).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());
    t.clock.advance(10_000);
    await say(call, owner.token, owner.botId, 'Хочу подстричься');
    t.clock.advance(10_000);
    await say(call, owner.token, owner.botId, 'Завтра утром можно?');

    // 60 s after the first message the wait is not over: the third message restarted it.
    t.clock.advance(40_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    const waiting = await dialogue(call, owner.token, owner.botId);
    expect(waiting.answer_due_at).toBe(new Date(t.clock.now().getTime() + 20_000).toISOString());

    t.clock.advance(20_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    expect(userTexts(fake.bodies[0])).toEqual(['Здравствуйте', 'Хочу подстричься', 'Завтра утром можно?']);

    const shown = await dialogue(call, owner.token, owner.botId);
    expect(shown.answer_due_at).toBeNull();
    expect(shown.messages.map((m: { author: string }) => m.author)).toEqual([
      'customer',
      'customer',
      'customer',
      'bot',
    ]);
    expect(shown.messages[3].text).toBe('Здравствуйте! Записать вас на завтра в 10:00?');
    expect(shown.messages[3].price_minor).toBeGreaterThan(0);
    expect(shown.messages[3].currency).toBe('rub');

    const rows = await historyOf(t, owner.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event: 'answered',
      status: 'success',
      message: 'Здравствуйте\n\nХочу подстричься\n\nЗавтра утром можно?',
      response: 'Здравствуйте! Записать вас на завтра в 10:00?',
      channel: 'check',
      chatId: shown.chat_id,
    });
    // Nothing is left to run: older jobs stood down.
    t.clock.advance(3_600_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
  });

  it('resets the timer with each message: no answer while messages keep coming', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { accumulation_messages_seconds: 30 });
    for (const text of ['Раз', 'Два', 'Три', 'Четыре']) {
      await say(call, owner.token, owner.botId, text);
      t.clock.advance(29_000);
      await t.jobs.runDue();
    }
    expect(fake.requests).toHaveLength(0);
    t.clock.advance(1_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    expect(userTexts(fake.bodies[0])).toEqual(['Раз', 'Два', 'Три', 'Четыре']);
  });

  it('answers at once in instant mode, each message with its own call', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    fake.queue({ kind: 'text', text: 'Первый ответ' }, { kind: 'text', text: 'Второй ответ' });
    const sent = await say(call, owner.token, owner.botId, 'Вопрос один');
    expect(sent.answer_due_at).toBeNull();
    await t.jobs.runDue();
    await say(call, owner.token, owner.botId, 'Вопрос два');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);
    expect(userTexts(fake.bodies[1])).toEqual(['Вопрос один', 'Вопрос два']);
    const shown = await dialogue(call, owner.token, owner.botId);
    expect(shown.messages.map((m: { text: string }) => m.text)).toEqual([
      'Вопрос один',
      'Первый ответ',
      'Вопрос два',
      'Второй ответ',
    ]);
  });

  it('sends the system prompt, the main goal, the variables and the dialogue so far', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, {
      process_scheme: 'instant',
      system_prompt: 'Ты администратор салона. Телефон клиента: {{phone}}.',
      goal_prompt: 'Записать клиента на стрижку',
      contact_info: 'ул. Ленина, 1',
      temperature_mode: 'reliable',
      custom_variables: [{ name: 'phone', description: 'Телефон клиента' }],
    });
    await say(call, owner.token, owner.botId, 'Привет');
    await t.jobs.runDue();
    const body = fake.bodies[0];
    expect(body?.model).toBe('gpt-4o-mini');
    expect(body?.temperature).toBe(0.2);
    expect(body?.top_p).toBe(0.9);
    const messages = body?.messages as { role: string; content: string }[];
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content).toContain('Ты администратор салона. Телефон клиента: .');
    expect(messages[0]?.content).toContain('## Main goal\nЗаписать клиента на стрижку');
    expect(messages[0]?.content).toContain('ул. Ленина, 1');
    expect(messages[0]?.content).toContain('- phone (Телефон клиента): not known yet');
    expect(messages.slice(1)).toEqual([{ role: 'user', content: 'Привет' }]);
  });
});
