import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { balanceEntries, balanceHolds } from '../../db/schema';
import { receiveInbound } from '../../functions/engine/receive';
import { respond } from '../../functions/engine/respond';
import { priceOf } from '../../functions/shared/models';
import { engineTestApp, historyOf, ledgerOf, ownerWithBot } from './support/engine';

const engine = engineTestApp();
type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

/** Brings the owner's balance (in roubles, minor units) to exactly `totalMinor`. */
async function setBalance(owner: Owner, totalMinor: number) {
  const balance = await engine.call('GET', '/api/balance', { token: owner.token });
  await engine.t.db.insert(balanceEntries).values({
    accountId: owner.accountId,
    amountMinor: totalMinor - balance.json.total_minor,
    currency: 'rub',
    kind: 'adjustment',
    createdAt: engine.t.clock.now(),
  });
}

/** A customer message in the Check chat `chat` of the owner's bot; answers the respond job's payload. */
async function customerWrites(owner: Owner, chat: string, id: string, text: string) {
  const received = await receiveInbound(engine.ctx, {
    accountId: owner.accountId,
    botId: owner.botId,
    channel: 'check',
    integrationId: null,
    chatExternalId: chat,
    messageExternalId: id,
    author: 'customer',
    text,
  });
  return { chatId: received.chat.id, upToMessageId: received.message.id };
}

/** A bot with one tool (fill a variable): an answer of two model calls. */
const toolBot = {
  process_scheme: 'instant',
  model: 'gpt-4o',
  actions_enable: true,
  custom_variables: [{ name: 'phone', description: 'Телефон клиента' }],
  actions: [
    {
      name: 'Запомнить телефон',
      description: 'Сохраняет телефон',
      goal_prompt: 'Когда клиент назвал телефон',
      type: 'fill_variables',
      settings: { variables: ['phone'] },
    },
  ],
};

describe('engine: money cannot go negative', () => {
  it("answers in many chats at once wait for each other's holds: every one answered, none overdraws", async () => {
    const { t, fake, ctx } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant', model: 'gpt-4o' });
    const usage = { prompt_tokens: 100, completion_tokens: 20 };
    const price = priceOf('gpt-4o', { promptTokens: 100, completionTokens: 20 }, 'rub');
    // The minimum, every answer's exact price and a little more: enough for all the answers, but
    // not for more than one upper-bound hold at a time (a hold is about 2 ₽, the exact price kopecks).
    const CHATS = 12;
    await setBalance(owner, 5000 + CHATS * price + 40);
    const payloads = [];
    for (let i = 0; i < CHATS; i++)
      payloads.push(await customerWrites(owner, `parallel-${i}`, `m-${i}`, `Вопрос ${i}`));
    fake.queue(...payloads.map(() => ({ kind: 'text' as const, text: 'Ответ', delayMs: 100, usage })));
    await Promise.all(payloads.map((payload) => respond(ctx, payload)));
    // Those that found the money held waited for it through the job runner, not refused.
    for (let step = 0; step < 40; step++) {
      t.clock.advance(5000);
      await t.jobs.runDue();
    }

    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => row.event)).toEqual(Array(CHATS).fill('answered'));
    expect(rows.every((row) => row.priceMinor === price)).toBe(true);
    expect(fake.requests).toHaveLength(CHATS);
    const ledger = await ledgerOf(t, owner.accountId);
    const charged = ledger.filter((entry) => entry.kind === 'charge').reduce((s, e) => s - e.amountMinor, 0);
    expect(charged).toBe(CHATS * price);
    expect(ledger.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBe(5000 + 40);
    // Every hold was settled or released.
    expect(await t.db.select().from(balanceHolds).where(eq(balanceHolds.accountId, owner.accountId))).toEqual(
      [],
    );
  });

  it('only a balance that truly cannot pay refuses: the answers it pays for are given, the rest free', async () => {
    const { t, fake, ctx } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant', model: 'gpt-4o' });
    const usage = { prompt_tokens: 100, completion_tokens: 20 };
    const price = priceOf('gpt-4o', { promptTokens: 100, completionTokens: 20 }, 'rub');
    // Two exact prices above the minimum: three answers start at or above it, the fourth cannot.
    await setBalance(owner, 5000 + 2 * price);
    const payloads = [];
    for (let i = 0; i < 4; i++)
      payloads.push(await customerWrites(owner, `short-${i}`, `s-${i}`, `Вопрос ${i}`));
    fake.queue(...payloads.map(() => ({ kind: 'text' as const, text: 'Ответ', delayMs: 50, usage })));
    await Promise.all(payloads.map((payload) => respond(ctx, payload)));
    for (let step = 0; step < 40; step++) {
      t.clock.advance(5000);
      await t.jobs.runDue();
    }
    const rows = await historyOf(t, owner.accountId);
    const events = rows.map((row) => [row.event, row.priceMinor]);
    expect(events.filter(([event]) => event === 'answered')).toEqual(Array(3).fill(['answered', price]));
    expect(events.filter(([event]) => event !== 'answered')).toEqual([['refused_low_balance', 0]]);
    const ledger = await ledgerOf(t, owner.accountId);
    expect(ledger.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBe(5000 - price);
  });

  it('an answer whose next tool round the balance can pay completes (it is not refused half-way)', async () => {
    const { t, fake, ctx } = engine;
    const owner = await ownerWithBot(t, toolBot);
    // One kopeck above the minimum: the first call's hold fits, and so does the second's.
    await setBalance(owner, 5001);
    const payload = await customerWrites(owner, 'tool-rounds', 'phone', 'Мой телефон +7 999 000-00-00');
    fake.queue(
      {
        kind: 'tool_calls',
        calls: [{ name: 'fill_variables_1', arguments: { phone: '+7 999 000-00-00' } }],
        usage: { prompt_tokens: 400, completion_tokens: 30 },
      },
      { kind: 'text', text: 'Записал ваш телефон', usage: { prompt_tokens: 450, completion_tokens: 10 } },
    );
    await respond(ctx, payload);

    expect(fake.requests).toHaveLength(2);
    const rows = await historyOf(t, owner.accountId);
    const price = priceOf('gpt-4o', { promptTokens: 850, completionTokens: 40 }, 'rub');
    expect(rows.map((row) => [row.event, row.priceMinor])).toEqual([['answered', price]]);
    const ledger = await ledgerOf(t, owner.accountId);
    expect(ledger.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBe(5001 - price);
  });

  it('an answer refused half-way (the next call cannot be paid) costs nothing: holds released, no charge', async () => {
    const { t, fake, ctx } = engine;
    const owner = await ownerWithBot(t, toolBot);
    await setBalance(owner, 5001);
    const payload = await customerWrites(owner, 'tool-rounds-2', 'phone', 'Мой телефон +7 999 000-00-00');
    fake.queue({
      kind: 'tool_calls',
      calls: [{ name: 'fill_variables_1', arguments: { phone: '+7 999 000-00-00' } }],
      delayMs: 300,
      usage: { prompt_tokens: 400, completion_tokens: 30 },
    });
    const running = respond(ctx, payload);
    // While the first call is in flight, the balance is spent elsewhere (another bot, storage).
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    await setBalance(owner, 100);
    await running;

    expect(fake.requests).toHaveLength(1);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => [row.event, row.priceMinor])).toEqual([['refused_low_balance', 0]]);
    const ledger = await ledgerOf(t, owner.accountId);
    expect(ledger.filter((entry) => entry.kind === 'charge')).toEqual([]);
    expect(ledger.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBe(100);
    expect(await t.db.select().from(balanceHolds).where(eq(balanceHolds.accountId, owner.accountId))).toEqual(
      [],
    );
  });

  it('bounds the prompt of one answer: the oldest dialogue is left out, never the newest message', async () => {
    const { t, fake, ctx } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    const long = 'Очень длинное сообщение. '.repeat(160);
    let last = { chatId: '', upToMessageId: '' };
    for (let i = 0; i < 40; i++) {
      last = await customerWrites(owner, 'long-dialogue', `long-${i}`, `${i}: ${long}`);
    }
    fake.queue({ kind: 'text', text: 'Коротко: да.' });
    await respond(ctx, last);
    const body = fake.bodies[0] as { messages: { role: string; content: string }[] };
    const bytes = new TextEncoder().encode(JSON.stringify(body.messages)).length;
    expect(bytes).toBeLessThanOrEqual(64_000);
    expect(body.messages.at(-1)?.content).toContain('39: ');
    expect(body.messages.some((message) => message.content.startsWith('0: '))).toBe(false);
  });
});
