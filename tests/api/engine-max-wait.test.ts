import { describe, expect, it } from 'vitest';
import { dialogue, engineTestApp, ownerWithBot, say, userTexts } from './support/engine';

const engine = engineTestApp();

describe('engine: accumulation’s maximum wait', () => {
  it('answers a customer who keeps typing at most N seconds after the batch’s first message', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, {
      accumulation_messages_seconds: 60,
      conditions: { channels: ['check'], accumulation_max_seconds: 90 },
    });
    fake.queue({ kind: 'text', text: 'Отвечаю на всё сразу' }, { kind: 'text', text: 'И на это' });
    const start = t.clock.now().getTime();
    const first = await say(call, owner.token, owner.botId, 'Здравствуйте');
    expect(first.answer_due_at).toBe(new Date(start + 60_000).toISOString());
    t.clock.advance(40_000);
    await say(call, owner.token, owner.botId, 'Хочу записаться');
    t.clock.advance(40_000);
    // The timer would restart to 140 s; the cap keeps it at 90 s from the first message.
    const third = await say(call, owner.token, owner.botId, 'На стрижку');
    expect(third.answer_due_at).toBe(new Date(start + 90_000).toISOString());
    t.clock.advance(9_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    t.clock.advance(1_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    expect(userTexts(fake.bodies[0])).toEqual(['Здравствуйте', 'Хочу записаться', 'На стрижку']);

    // A new batch starts with the next message: the ordinary wait, capped from its own start.
    t.clock.advance(30_000);
    const next = await say(call, owner.token, owner.botId, 'А завтра можно?');
    expect(next.answer_due_at).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());
    t.clock.advance(60_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);
    const shown = await dialogue(call, owner.token, owner.botId);
    expect(shown.messages.filter((m: { author: string }) => m.author === 'bot')).toHaveLength(2);
  });

  it('is optional and a positive whole number of seconds', async () => {
    const { t, call } = engine;
    const owner = await ownerWithBot(t, {});
    for (const bad of [0, -5, 2.5, 86_401]) {
      const put = await call('PUT', `/api/bot/${owner.botId}`, {
        token: owner.token,
        body: { conditions: { accumulation_max_seconds: bad } },
      });
      expect(put.status, String(bad)).toBe(422);
      expect(put.json.fields).toHaveProperty(['conditions.accumulation_max_seconds']);
    }
    const off = await call('PUT', `/api/bot/${owner.botId}`, {
      token: owner.token,
      body: { conditions: { accumulation_max_seconds: null } },
    });
    expect(off.status).toBe(200);
    expect(off.json.conditions.accumulation_max_seconds).toBeNull();
  });
});
