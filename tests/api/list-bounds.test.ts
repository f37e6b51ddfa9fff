import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bots, integrations, messages } from '../../db/schema';
import { receiveInbound } from '../../functions/engine/receive';
import { MAX_BOTS, MAX_INTEGRATIONS } from '../../functions/shared/constants';
import { engineTestApp, ownerWithBot } from './support/engine';

const engine = engineTestApp();

type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

interface Shown {
  id: string;
  author: string;
  text: string;
}

/** A chat whose customer wrote once, plus `extra` stored messages, numbered from 1 in order. */
async function chatWith(owner: Owner, extra: number, externalId = `c-${crypto.randomUUID()}`) {
  const { chat } = await receiveInbound(engine.ctx, {
    accountId: owner.accountId,
    botId: owner.botId,
    channel: 'check',
    integrationId: null,
    chatExternalId: externalId,
    messageExternalId: 'first',
    author: 'customer',
    text: 'Сообщение 1',
  });
  const start = engine.t.clock.now().getTime();
  if (extra > 0) {
    await engine.t.db.insert(messages).values(
      Array.from({ length: extra }, (_, i) => ({
        accountId: owner.accountId,
        chatId: chat.id,
        externalId: `m-${i + 2}`,
        author: i % 2 === 0 ? ('bot' as const) : ('customer' as const),
        text: `Сообщение ${i + 2}`,
        createdAt: new Date(start + (i + 1) * 1000),
        answeredAt: new Date(start + (i + 1) * 1000),
      })),
    );
  }
  return chat.id;
}

const getChat = (owner: Owner, id: string, query = '') =>
  engine.call('GET', `/api/chats/${id}${query}`, { token: owner.token });

const texts = (shown: Shown[]) => shown.map((message) => message.text);
const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Сообщение ${from + i}`);

describe('GET /api/chats/{id} pages its messages', () => {
  it('answers the newest 50, then older pages by cursor, each oldest first, until the start', async () => {
    const owner = await ownerWithBot(engine.t);
    const id = await chatWith(owner, 129);

    const newest = await getChat(owner, id);
    expect(newest.status).toBe(200);
    expect(texts(newest.json.messages)).toEqual(numbered(81, 130));
    expect(newest.json.next_before).toBe(newest.json.messages[0].id);
    expect(newest.json.last_message).toMatchObject({ text: 'Сообщение 130' });

    const second = await getChat(owner, id, `?before=${newest.json.next_before}`);
    expect(texts(second.json.messages)).toEqual(numbered(31, 80));
    // The chat itself is described the same on every page.
    expect(second.json.last_message).toEqual(newest.json.last_message);
    expect(second.json.state).toBe(newest.json.state);

    const third = await getChat(owner, id, `?before=${second.json.next_before}&limit=40`);
    expect(texts(third.json.messages)).toEqual(numbered(1, 30));
    expect(third.json.next_before).toBeNull();

    const all = await getChat(owner, id, '?limit=200');
    expect(texts(all.json.messages)).toEqual(numbered(1, 130));
    expect(all.json.next_before).toBeNull();

    const exact = await getChat(owner, id, '?limit=130');
    expect(exact.json.next_before).toBeNull();
    const oneShort = await getChat(owner, id, '?limit=129');
    expect(texts(oneShort.json.messages)).toEqual(numbered(2, 130));
    expect(oneShort.json.next_before).toBe(oneShort.json.messages[0].id);
  });

  it('answers a short dialogue whole, with no cursor', async () => {
    const owner = await ownerWithBot(engine.t);
    const id = await chatWith(owner, 2);
    const shown = await getChat(owner, id);
    expect(texts(shown.json.messages)).toEqual(numbered(1, 3));
    expect(shown.json.next_before).toBeNull();
  });

  it('refuses a page size over 200, a malformed cursor and a message of another chat', async () => {
    const owner = await ownerWithBot(engine.t);
    const id = await chatWith(owner, 3);
    const other = await chatWith(owner, 1);
    const [foreign] = await engine.t.db.select().from(messages).where(eq(messages.chatId, other));
    for (const query of ['?limit=201', '?limit=0', '?limit=abc', '?before=nope', `?before=${foreign?.id}`]) {
      const answer = await getChat(owner, id, query);
      expect(answer.status, query).toBe(422);
      expect(answer.json.code).toBe('validation_failed');
    }
    // Another account's chat stays a 404, with or without a cursor.
    const stranger = await ownerWithBot(engine.t);
    expect((await getChat(stranger, id)).status).toBe(404);
  });
});

describe('lists answered whole are bounded', () => {
  it('caps bots and integrations per account', async () => {
    const owner = await ownerWithBot(engine.t);
    const [bot] = await engine.t.db.select().from(bots).where(eq(bots.id, owner.botId));
    if (!bot) throw new Error('no bot');
    const { id: _id, ...columns } = bot;
    await engine.t.db
      .insert(bots)
      .values(
        Array.from({ length: MAX_BOTS - 1 }, (_, i) => ({ ...columns, name: `Бот ${i}`, isWork: false })),
      );
    const refused = await engine.call('POST', '/api/bot', { token: owner.token, body: { name: 'Ещё один' } });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ code: 'bots_limit', message: `Достигнут лимит ботов: ${MAX_BOTS}` });
    expect((await engine.call('GET', '/api/bot', { token: owner.token })).json).toHaveLength(MAX_BOTS);

    await engine.t.db.insert(integrations).values(
      Array.from({ length: MAX_INTEGRATIONS }, () => ({
        accountId: owner.accountId,
        type: 'amocrm' as const,
        connectionData: {},
        activated: true,
        createdAt: engine.t.clock.now(),
      })),
    );
    const noMore = await engine.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'amocrm' },
    });
    expect(noMore.status).toBe(422);
    expect(noMore.json).toEqual({
      code: 'integrations_limit',
      message: `Достигнут лимит интеграций: ${MAX_INTEGRATIONS}`,
    });
    const listed = await engine.call('GET', '/api/integrations', { token: owner.token });
    expect(listed.json).toHaveLength(MAX_INTEGRATIONS);
  });
});
