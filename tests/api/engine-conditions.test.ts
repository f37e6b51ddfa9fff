import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bots, chats, jobs, messages } from '../../db/schema';
import { RESTORE_JOB } from '../../functions/engine/job-names';
import { receiveInbound } from '../../functions/engine/receive';
import { restoreDialogue } from '../../functions/engine/restore';
import { visitorRoom } from '../../functions/integrations/onchat/view';
import { dialogue, engineTestApp, historyOf, ledgerOf, ownerWithBot, say } from './support/engine';

const engine = engineTestApp();

type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

const MINUTE = 60_000;

let counter = 0;
/** A website visitor (or, with `author`, the operator) writes in the chat `visitor`. */
const writes = (owner: Owner, visitor: string, text: string, author: 'customer' | 'operator' = 'customer') =>
  receiveInbound(engine.ctx, {
    accountId: owner.accountId,
    botId: owner.botId,
    channel: 'onchat',
    integrationId: null,
    chatExternalId: visitor,
    messageExternalId: `m-${++counter}`,
    author,
    text,
  });

const switchBot = async (owner: Owner, isWork: boolean) => {
  const answer = await engine.call('PATCH', `/api/bot/${owner.botId}`, {
    token: owner.token,
    body: { is_work: isWork },
  });
  expect(answer.status).toBe(200);
};

const workStartedAt = async (owner: Owner) =>
  (await engine.t.db.select().from(bots).where(eq(bots.id, owner.botId)))[0]?.workStartedAt;

const chatMessages = (chatId: string) =>
  engine.t.db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(messages.seq);

const instantOnchat = (conditions: Record<string, unknown> = {}) => ({
  process_scheme: 'instant',
  conditions: { channels: ['onchat'], ...conditions },
});

describe('engine: conditions.run = new_dialogs', () => {
  it('refuses a dialogue that started before the bot was switched on, answers a new one; off/on moves the boundary', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, instantOnchat({ run: 'new_dialogs' }));
    // The owner's Check dialogue starts now and outlives the switching below.
    await say(call, owner.token, owner.botId, 'Проверка');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);

    await switchBot(owner, false);
    t.clock.advance(MINUTE);
    const old = await writes(owner, 'visitor-old', 'Здравствуйте');
    expect(old.refusal).toBe('bot_off');

    t.clock.advance(MINUTE);
    await switchBot(owner, true);
    const firstStart = t.clock.now();
    expect(await workStartedAt(owner)).toEqual(firstStart);
    t.clock.advance(MINUTE);
    // Switching on a working bot again keeps its working period.
    await switchBot(owner, true);
    expect(await workStartedAt(owner)).toEqual(firstStart);

    const again = await writes(owner, 'visitor-old', 'Вы работаете?');
    expect(again.refusal).toBe('not_new_dialog');
    const fresh = await writes(owner, 'visitor-new', 'Добрый день');
    expect(fresh.refusal).toBeNull();
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.find((row) => row.event === 'refused_not_new_dialog')).toMatchObject({
      status: 'error',
      priceMinor: 0,
      chatId: old.chat.id,
      error: null,
    });

    // Off and on again: the dialogue that was new is old now, a newer one is answered.
    await switchBot(owner, false);
    t.clock.advance(MINUTE);
    await switchBot(owner, true);
    expect(await workStartedAt(owner)).toEqual(t.clock.now());
    t.clock.advance(MINUTE);
    expect((await writes(owner, 'visitor-new', 'Ещё вопрос')).refusal).toBe('not_new_dialog');
    expect((await writes(owner, 'visitor-newer', 'Здравствуйте')).refusal).toBeNull();
    // Check is exempt: the owner checks the bot there, in the same (older) dialogue.
    await say(call, owner.token, owner.botId, 'Проверка после включения');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(4);
  });

  it('answers every dialogue with run = all_dialogs', async () => {
    const { t } = engine;
    const owner = await ownerWithBot(t, instantOnchat());
    await switchBot(owner, false);
    await writes(owner, 'visitor-before', 'Алло');
    t.clock.advance(MINUTE);
    await switchBot(owner, true);
    t.clock.advance(MINUTE);
    expect((await writes(owner, 'visitor-before', 'Алло?')).refusal).toBeNull();
    await t.jobs.runDue();
  });
});

describe('engine: trigger phrases (process_messages)', () => {
  const withPhrases = instantOnchat({
    process_messages_enabled: true,
    process_messages: ['запись', '  узнать цену '],
  });

  it('refuses until a customer message holds a phrase, then answers it and everything after (case-insensitive Cyrillic)', async () => {
    const { t, fake } = engine;
    const owner = await ownerWithBot(t, withPhrases);
    const first = await writes(owner, 'visitor-phrase', 'Здравствуйте');
    expect(first.refusal).toBe('no_trigger_phrase');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    const [row] = await historyOf(t, owner.accountId);
    expect(row).toMatchObject({
      event: 'refused_no_trigger_phrase',
      status: 'error',
      priceMinor: 0,
      error: null,
    });

    fake.queue({ kind: 'text', text: 'На какое время вас записать?' }, { kind: 'text', text: 'Записала!' });
    expect((await writes(owner, 'visitor-phrase', 'Хочу ЗАПИСЬ на стрижку')).refusal).toBeNull();
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    // The phrase was in an earlier message of this chat: the next one is answered too.
    expect((await writes(owner, 'visitor-phrase', 'Завтра в 10')).refusal).toBeNull();
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);

    // Another chat has not said it yet; the second phrase is trimmed and matched inside a sentence.
    expect((await writes(owner, 'visitor-other', 'Добрый вечер')).refusal).toBe('no_trigger_phrase');
    expect((await writes(owner, 'visitor-other', 'Хотела бы Узнать Цену окрашивания')).refusal).toBeNull();
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(3);
  });

  it('applies in Check too, where the refusal shows as a notice', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, withPhrases);
    await say(call, owner.token, owner.botId, 'Привет');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    const shown = await dialogue(call, owner.token, owner.botId);
    expect(shown.messages.at(-1)).toMatchObject({
      author: 'system',
      text: 'Клиент ещё не написал фразу, после которой бот начинает отвечать',
    });
    await say(call, owner.token, owner.botId, 'запись есть?');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
  });
});

describe('engine: restoring_dialogue', () => {
  const restoring = (overrides: Record<string, unknown> = {}) => ({
    ...instantOnchat(),
    stop_logic: { stop_during_intervention: false },
    restoring_dialogue: {
      enabled: true,
      after_minutes: 30,
      prompt: 'Напомни, что можно записаться на стрижку',
      ...overrides,
    },
  });

  it('writes once after the silence: charged, in history, published and delivered; one per silence', async () => {
    const { t, fake } = engine;
    const owner = await ownerWithBot(t, restoring());
    fake.queue(
      { kind: 'text', text: 'Стрижка стоит 1500 ₽' },
      { kind: 'text', text: 'Вы ещё здесь? Могу записать вас на стрижку.' },
    );
    const { chat } = await writes(owner, 'visitor-quiet', 'Сколько стоит стрижка?');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    const visitorHeard: unknown[] = [];
    const leave = t.rooms.join(visitorRoom(chat.id), {
      send: (data: string) => visitorHeard.push(JSON.parse(data)),
    });

    try {
      t.clock.advance(29 * MINUTE);
      await t.jobs.runDue();
      expect(fake.requests).toHaveLength(1);
      t.clock.advance(MINUTE);
      await t.jobs.runDue();
      expect(fake.requests).toHaveLength(2);
    } finally {
      leave();
    }

    // The usual prompt and dialogue, then the owner's instruction.
    const sent = fake.bodies[1]?.messages as { role: string; content: string }[];
    expect(sent.slice(1, 3)).toEqual([
      { role: 'user', content: 'Сколько стоит стрижка?' },
      { role: 'assistant', content: 'Стрижка стоит 1500 ₽' },
    ]);
    expect(sent[0]?.content).toContain('Ты администратор салона красоты');
    expect(sent.at(-1)?.role).toBe('system');
    expect(sent.at(-1)?.content).toContain('Напомни, что можно записаться на стрижку');
    expect(fake.bodies[1]?.tools).toBeUndefined();

    const stored = await chatMessages(chat.id);
    expect(stored.map((m) => [m.author, m.text])).toEqual([
      ['customer', 'Сколько стоит стрижка?'],
      ['bot', 'Стрижка стоит 1500 ₽'],
      ['bot', 'Вы ещё здесь? Могу записать вас на стрижку.'],
    ]);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => row.event)).toEqual(['answered', 'follow_up']);
    const followUp = rows[1];
    expect(followUp).toMatchObject({
      status: 'success',
      chatId: chat.id,
      channel: 'onchat',
      message: '',
      response: 'Вы ещё здесь? Могу записать вас на стрижку.',
    });
    expect(followUp?.priceMinor).toBeGreaterThan(0);
    expect(stored[2]?.historyId).toBe(followUp?.id);
    const charges = await ledgerOf(t, owner.accountId);
    expect(charges.find((entry) => entry.historyId === followUp?.id)).toMatchObject({
      kind: 'charge',
      amountMinor: -(followUp?.priceMinor ?? 0),
    });
    expect(visitorHeard).toEqual([
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ text: 'Вы ещё здесь? Могу записать вас на стрижку.' }),
      }),
    ]);

    // The follow-up schedules nothing, and the same job delivered again finds it sent.
    t.clock.advance(3 * 60 * MINUTE);
    await t.jobs.runDue();
    await restoreDialogue(engine.ctx, { chatId: chat.id, replyId: stored[1]?.id ?? '' });
    expect(fake.requests).toHaveLength(2);
    expect(await historyOf(t, owner.accountId)).toHaveLength(2);
  });

  it('stands down when the customer or an operator wrote after the reply; the newest reply is followed up', async () => {
    const { t, fake } = engine;
    const owner = await ownerWithBot(t, restoring());
    const { chat } = await writes(owner, 'visitor-busy', 'Здравствуйте');
    await t.jobs.runDue();
    t.clock.advance(10 * MINUTE);
    await writes(owner, 'visitor-busy', 'А в субботу работаете?');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);

    // The first reply's follow-up comes due: the customer wrote after it.
    t.clock.advance(20 * MINUTE);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);

    // Before the second reply's is due, an operator writes (the bot keeps working: no stop on intervention).
    t.clock.advance(5 * MINUTE);
    await writes(owner, 'visitor-busy', 'Да, с 10 до 16', 'operator');
    t.clock.advance(5 * MINUTE);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);

    // The customer's next message gets a reply, and that one is followed up after the silence.
    await writes(owner, 'visitor-busy', 'Спасибо');
    await t.jobs.runDue();
    t.clock.advance(30 * MINUTE);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(4);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => row.event)).toEqual(['answered', 'answered', 'answered', 'follow_up']);
    const stored = await chatMessages(chat.id);
    expect(stored.map((m) => m.author)).toEqual([
      'customer',
      'bot',
      'customer',
      'bot',
      'operator',
      'customer',
      'bot',
      'bot',
    ]);
  });

  it('stands down silently when the chat is paused or the bot is off when it comes due', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, restoring());
    const { chat } = await writes(owner, 'visitor-paused', 'Здравствуйте');
    await t.jobs.runDue();
    const paused = await call('POST', `/api/chats/${chat.id}/pause`, {
      token: owner.token,
      body: { code: 3 },
    });
    expect(paused.status).toBe(200);
    t.clock.advance(30 * MINUTE);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);

    const other = await writes(owner, 'visitor-off', 'Добрый день');
    await t.jobs.runDue();
    await switchBot(owner, false);
    t.clock.advance(30 * MINUTE);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);

    expect((await historyOf(t, owner.accountId)).map((row) => row.event)).toEqual(['answered', 'answered']);
    expect((await chatMessages(chat.id)).map((m) => m.author)).toEqual(['customer', 'bot']);
    expect((await chatMessages(other.chat.id)).map((m) => m.author)).toEqual(['customer', 'bot']);
    // Nothing is left waiting to come back later.
    expect(await t.db.select().from(jobs).where(eq(jobs.name, RESTORE_JOB))).toEqual([]);
  });

  it('uses a default instruction in the account’s language when the prompt is blank', async () => {
    const { t, fake } = engine;
    const owner = await ownerWithBot(t, restoring());
    // The editor refuses a blank prompt with restoring on; an older row may still have one.
    await t.db
      .update(bots)
      .set({ restoringDialogue: { enabled: true, after_minutes: 5, prompt: '  ' } })
      .where(eq(bots.id, owner.botId));
    const { chat } = await writes(owner, 'visitor-default', 'Здравствуйте');
    await t.jobs.runDue();
    t.clock.advance(5 * MINUTE);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);
    const sent = fake.bodies[1]?.messages as { role: string; content: string }[];
    expect(sent.at(-1)?.content).toContain('Вежливо напомни о себе');
    const [state] = await t.db.select({ last: chats.lastMessageAt }).from(chats).where(eq(chats.id, chat.id));
    expect(state?.last).toEqual(t.clock.now());
  });
});
