import { describe, expect, it } from 'vitest';
import { chatRoom } from '../../functions/engine/publish';
import { signedInUser } from './support/client';
import { dialogue, engineTestApp, historyOf, ownerWithBot, say } from './support/engine';

const engine = engineTestApp();

const NOT_FOUND = { code: 'not_found', message: 'Не удалось найти бота с таким ID' };

describe('check: routes and validation', () => {
  it('refuses signed-out callers', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ['GET', `/api/check/messages?bot_id=${id}`],
      ['POST', '/api/check/messages'],
      ['DELETE', `/api/check/messages?bot_id=${id}`],
    ] as const) {
      const answer = await engine.call(method, path, {
        body: method === 'POST' ? { bot_id: id, text: 'x' } : undefined,
      });
      expect(answer.status).toBe(401);
    }
  });

  it('validates the message: empty, too long, no bot', async () => {
    const owner = await ownerWithBot(engine.t);
    const send = (body: unknown, lang?: string) =>
      engine.call('POST', '/api/check/messages', { token: owner.token, body, lang });

    const empty = await send({ bot_id: owner.botId, text: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.json).toEqual({
      code: 'validation_failed',
      message: 'Введите сообщение',
      fields: { text: 'Введите сообщение' },
    });
    const missing = await send({ bot_id: owner.botId });
    expect(missing.status).toBe(422);
    expect(missing.json.fields.text).toBe('Введите сообщение');
    const long = await send({ bot_id: owner.botId, text: 'а'.repeat(4001) });
    expect(long.status).toBe(422);
    expect(long.json.fields.text).toBe('Слишком длинное значение');
    expect((await send({ bot_id: owner.botId, text: 'а'.repeat(4000) })).status).toBe(202);
    const noBot = await send({ text: 'Привет' });
    expect(noBot.status).toBe(422);
    expect(noBot.json.fields.bot_id).toBe('Некорректное значение');
    const wrongType = await send({ bot_id: owner.botId, text: 42 });
    expect(wrongType.status).toBe(422);
    expect(
      (await engine.call('POST', '/api/check/messages', { token: owner.token, rawBody: '{"bot_id":' }))
        .status,
    ).toBe(400);
    expect((await engine.call('GET', '/api/check/messages', { token: owner.token })).status).toBe(422);
    expect((await engine.call('DELETE', '/api/check/messages', { token: owner.token })).status).toBe(422);
  });

  it('answers in English for an English account', async () => {
    const owner = await ownerWithBot(engine.t, {}, { language: 'en' });
    const empty = await engine.call('POST', '/api/check/messages', {
      token: owner.token,
      body: { bot_id: owner.botId, text: '' },
    });
    expect(empty.json.message).toBe('Enter a message');
    const unknown = await engine.call('POST', '/api/check/messages', {
      token: owner.token,
      body: { bot_id: crypto.randomUUID(), text: 'Hi' },
    });
    expect(unknown.json).toEqual({ code: 'not_found', message: 'Could not find a bot with this ID' });
  });

  it('answers 404 for an unknown, malformed or another account’s bot on every route', async () => {
    const owner = await ownerWithBot(engine.t);
    const stranger = await signedInUser(engine.t);
    await say(engine.call, owner.token, owner.botId, 'Мой диалог');
    for (const [token, botId] of [
      [owner.token, crypto.randomUUID()],
      [owner.token, 'not-a-uuid'],
      [stranger.token, owner.botId],
    ] as const) {
      const sent = await engine.call('POST', '/api/check/messages', {
        token,
        body: { bot_id: botId, text: 'Привет' },
      });
      expect(sent.status).toBe(404);
      expect(sent.json).toEqual(NOT_FOUND);
      const read = await engine.call('GET', `/api/check/messages?bot_id=${botId}`, { token });
      expect(read.status).toBe(404);
      expect(read.json).toEqual(NOT_FOUND);
      const cleared = await engine.call('DELETE', `/api/check/messages?bot_id=${botId}`, { token });
      expect(cleared.status).toBe(404);
      expect(cleared.json).toEqual(NOT_FOUND);
    }
    // The stranger's attempts left the owner's dialogue as it was.
    expect((await dialogue(engine.call, owner.token, owner.botId)).messages).toHaveLength(1);
  });

  it('sends, shows the dialogue with the wait and the price, pushes to the room, and clears it', async () => {
    const { t, call, fake } = engine;
    // Answers still due from the tests above run first, so the model requests below are this test's.
    t.clock.advance(120_000);
    await t.jobs.runDue();
    fake.reset();
    const owner = await ownerWithBot(t, { accumulation_messages_seconds: 45 });
    const before = await call('GET', `/api/check/messages?bot_id=${owner.botId}`, { token: owner.token });
    expect(before.status).toBe(200);
    expect(before.json).toEqual({ chat_id: null, state: 'working', messages: [], answer_due_at: null });

    const now = t.clock.now();
    const sent = await call('POST', '/api/check/messages', {
      token: owner.token,
      body: { bot_id: owner.botId, text: '  Здравствуйте!  ' },
    });
    expect(sent.status).toBe(202);
    const due = new Date(now.getTime() + 45_000).toISOString();
    expect(sent.json).toEqual({
      chat_id: expect.any(String),
      message: {
        id: expect.any(String),
        author: 'customer',
        text: 'Здравствуйте!',
        created_at: now.toISOString(),
      },
      answer_due_at: due,
    });

    const waiting = await dialogue(call, owner.token, owner.botId);
    expect(waiting).toEqual({
      chat_id: sent.json.chat_id,
      state: 'working',
      messages: [
        {
          id: sent.json.message.id,
          author: 'customer',
          text: 'Здравствуйте!',
          created_at: now.toISOString(),
          price_minor: null,
          currency: null,
          attachments: [],
        },
      ],
      answer_due_at: due,
    });

    const pushed: unknown[] = [];
    const leave = t.rooms.join(chatRoom(sent.json.chat_id), {
      send: (data) => pushed.push(JSON.parse(data)),
    });
    fake.queue({ kind: 'text', text: 'Добрый день! Чем помочь?' });
    t.clock.advance(45_000);
    await t.jobs.runDue();
    leave();
    const answered = await dialogue(call, owner.token, owner.botId);
    expect(answered.answer_due_at).toBeNull();
    const reply = answered.messages[1];
    expect(reply).toMatchObject({ author: 'bot', text: 'Добрый день! Чем помочь?', currency: 'rub' });
    expect(reply.price_minor).toBeGreaterThan(0);
    expect(pushed).toEqual([{ chat_id: sent.json.chat_id, type: 'message', message: reply }]);

    // Clearing drops the dialogue, and a pending answer with it; history stays.
    await say(call, owner.token, owner.botId, 'Ещё вопрос');
    const cleared = await call('DELETE', `/api/check/messages?bot_id=${owner.botId}`, { token: owner.token });
    expect(cleared.status).toBe(204);
    expect(await dialogue(call, owner.token, owner.botId)).toEqual({
      chat_id: null,
      state: 'working',
      messages: [],
      answer_due_at: null,
    });
    t.clock.advance(45_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    expect(await historyOf(t, owner.accountId)).toHaveLength(1);
    // Clearing an empty dialogue is fine too; the next message starts a new chat.
    expect(
      (await call('DELETE', `/api/check/messages?bot_id=${owner.botId}`, { token: owner.token })).status,
    ).toBe(204);
    const fresh = await say(call, owner.token, owner.botId, 'Начнём сначала');
    expect(fresh.chat_id).not.toBe(sent.json.chat_id);
  });

  it('keeps each bot’s Check dialogue apart', async () => {
    const { t, call } = engine;
    const owner = await ownerWithBot(t);
    const other = await call('POST', '/api/bot', {
      token: owner.token,
      body: { name: 'Второй', system_prompt: 'Ты второй бот.' },
    });
    await call('PATCH', `/api/bot/${other.json.id}`, { token: owner.token, body: { is_work: true } });
    const a = await say(call, owner.token, owner.botId, 'Первому');
    const b = await say(call, owner.token, other.json.id, 'Второму');
    expect(a.chat_id).not.toBe(b.chat_id);
    expect(
      (await dialogue(call, owner.token, other.json.id)).messages.map((m: { text: string }) => m.text),
    ).toEqual(['Второму']);
  });
});
