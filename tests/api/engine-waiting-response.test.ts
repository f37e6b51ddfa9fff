import { describe, expect, it } from 'vitest';
import { receiveInbound } from '../../functions/engine/receive';
import { engineTestApp, historyOf, ownerWithBot } from './support/engine';

const engine = engineTestApp();
type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

/** A message in the Check chat `chat` of the owner's bot, from the customer or an operator. */
async function writes(owner: Owner, chat: string, author: 'customer' | 'operator', text: string) {
  return receiveInbound(engine.ctx, {
    accountId: owner.accountId,
    botId: owner.botId,
    channel: 'check',
    integrationId: null,
    chatExternalId: chat,
    messageExternalId: crypto.randomUUID(),
    author,
    text,
  });
}

/** A fallback bot: it answers only when no operator did within 5 minutes; an operator does not stop it. */
const fallbackBot = {
  process_scheme: 'instant',
  conditions: { channels: ['check'], waiting_response_minutes: 5 },
  stop_logic: { stop_during_intervention: false },
};

describe('engine: the waiting-for-response condition (SPEC §9)', () => {
  it('answers when no operator replied within N minutes of the customer’s message', async () => {
    const { t, fake } = engine;
    const owner = await ownerWithBot(t, fallbackBot);
    fake.queue({ kind: 'text', text: 'Менеджеры заняты, отвечу я' });
    const start = t.clock.now().getTime();
    const received = await writes(owner, 'slow-managers', 'customer', 'Есть кто?');
    expect(received.answerDueAt?.toISOString()).toBe(new Date(start + 5 * 60_000).toISOString());
    await t.jobs.runDue();
    t.clock.advance(4 * 60_000 + 59_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    t.clock.advance(1_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => row.event)).toEqual(['answered']);
  });

  it('does not answer a batch an operator replied to in time, and answers the next one nobody did', async () => {
    const { t, fake } = engine;
    const owner = await ownerWithBot(t, fallbackBot);
    fake.queue({ kind: 'text', text: 'Отвечаю вместо менеджера' });
    await writes(owner, 'fast-manager', 'customer', 'Сколько стоит стрижка?');
    t.clock.advance(2 * 60_000);
    await writes(owner, 'fast-manager', 'operator', '1500 рублей');
    t.clock.advance(4 * 60_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    expect(await historyOf(t, owner.accountId)).toEqual([]);

    // The operator is slow this time: the bot answers after 5 minutes, seeing the operator's reply.
    await writes(owner, 'fast-manager', 'customer', 'А окрашивание?');
    t.clock.advance(5 * 60_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    const body = fake.bodies[0] as { messages: { role: string; content: string }[] };
    expect(body.messages.map((m) => m.content)).toEqual(
      expect.arrayContaining([
        'Сколько стоит стрижка?',
        '[written by a human manager] 1500 рублей',
        'А окрашивание?',
      ]),
    );
    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => [row.event, row.message])).toEqual([['answered', 'А окрашивание?']]);
  });

  it('is optional and a positive whole number of minutes', async () => {
    const { t, call } = engine;
    const owner = await ownerWithBot(t, {});
    for (const bad of [0, -1, 1.5, 'five']) {
      const put = await call('PUT', `/api/bot/${owner.botId}`, {
        token: owner.token,
        body: { conditions: { waiting_response_minutes: bad } },
      });
      expect(put.status, String(bad)).toBe(422);
      expect(put.json.fields).toHaveProperty(['conditions.waiting_response_minutes']);
    }
  });
});
