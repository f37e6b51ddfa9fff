import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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

describe('engine: money cannot go negative', () => {
  it('parallel answers in many chats hold their price first, so they cannot overdraw', async () => {
    const { t, fake, ctx } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant', model: 'gpt-4o' });
    // 55 ₽ on the balance: 5 ₽ above the minimum, enough for the bound of about two answers.
    await setBalance(owner, 5500);
    const payloads = [];
    for (let i = 0; i < 10; i++)
      payloads.push(await customerWrites(owner, `parallel-${i}`, `m-${i}`, `Вопрос ${i}`));
    fake.queue(
      ...payloads.map(() => ({
        kind: 'text' as const,
        text: 'Ответ',
        delayMs: 150,
        usage: { prompt_tokens: 500, completion_tokens: 2000 },
      })),
    );
    await Promise.all(payloads.map((payload) => respond(ctx, payload)));

    const rows = await historyOf(t, owner.accountId);
    const answered = rows.filter((row) => row.event === 'answered');
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(answered.length).toBeLessThanOrEqual(3);
    expect(rows.filter((row) => row.event === 'refused_low_balance')).toHaveLength(10 - answered.length);
    expect(fake.requests).toHaveLength(answered.length);
    const ledger = await ledgerOf(t, owner.accountId);
    const total = ledger.reduce((sum, entry) => sum + entry.amountMinor, 0);
    expect(total).toBe(5500 - answered.reduce((sum, row) => sum + row.priceMinor, 0));
    expect(total).toBeGreaterThanOrEqual(0);
    // Every hold was settled or released.
    expect(await t.db.select().from(balanceHolds).where(eq(balanceHolds.accountId, owner.accountId))).toEqual(
      [],
    );
    // The refused chats are dealt with: their jobs stand down.
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(answered.length);
  });

  it('an answer that runs out of money between tool rounds is refused and charged what it used', async () => {
    const { t, fake, ctx } = engine;
    const owner = await ownerWithBot(t, {
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
    });
    // One kopeck above the minimum: the first call's hold fits, the second's does not.
    await setBalance(owner, 5001);
    const payload = await customerWrites(owner, 'tool-rounds', 'phone', 'Мой телефон +7 999 000-00-00');
    fake.queue({
      kind: 'tool_calls',
      calls: [{ name: 'fill_variables_1', arguments: { phone: '+7 999 000-00-00' } }],
      usage: { prompt_tokens: 400, completion_tokens: 30 },
    });
    await respond(ctx, payload);

    expect(fake.requests).toHaveLength(1);
    const rows = await historyOf(t, owner.accountId);
    const spent = priceOf('gpt-4o', { promptTokens: 400, completionTokens: 30 }, 'rub');
    expect(rows.map((row) => [row.event, row.priceMinor])).toEqual([['refused_low_balance', spent]]);
    const ledger = await ledgerOf(t, owner.accountId);
    expect(ledger.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBe(5001 - spent);
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
