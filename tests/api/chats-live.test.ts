import { describe, expect, it } from 'vitest';
import { receiveInbound } from '../../functions/engine/receive';
import { roomTokenAllows } from '../../functions/shared/room-token';
import { engineTestApp, ownerWithBot } from './support/engine';

const engine = engineTestApp();

/** The room a join address is for, and whether its token lets a socket into that room. */
async function joinable(url: string) {
  const parsed = new URL(url);
  const room = decodeURIComponent(parsed.pathname.replace('/parties/main/', ''));
  const allowed = roomTokenAllows(engine.t.rooms.secret, parsed.searchParams.get('token'), room);
  return { room, allowed, protocol: parsed.protocol };
}

type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

/** A customer of the owner's bot writes in chat `visitor-1`; `messageId` repeated is a redelivery. */
const customerWrites = (owner: Owner, messageId: string, text: string) =>
  receiveInbound(engine.ctx, {
    accountId: owner.accountId,
    botId: owner.botId,
    channel: 'check',
    integrationId: null,
    chatExternalId: 'visitor-1',
    messageExternalId: messageId,
    author: 'customer',
    text,
  });

/** What a browser subscribed to `room` receives, parsed. */
function listen(room: string) {
  const received: Record<string, unknown>[] = [];
  const leave = engine.t.rooms.join(room, { send: (data) => received.push(JSON.parse(data)) });
  return { received, leave };
}

describe('chats live through rooms', () => {
  it("gives a signed-in owner a socket address for the account's room only", async () => {
    const owner = await ownerWithBot(engine.t);
    const live = await engine.call('GET', '/api/chats/live', { token: owner.token });
    expect(live.status).toBe(200);
    expect(await joinable(live.json.url)).toEqual({
      room: `account:${owner.accountId}`,
      allowed: true,
      protocol: 'ws:',
    });
    expect((await engine.call('GET', '/api/chats/live')).status).toBe(401);
    const other = await ownerWithBot(engine.t);
    const theirs = await engine.call('GET', '/api/chats/live', { token: other.token });
    expect((await joinable(theirs.json.url)).room).toBe(`account:${other.accountId}`);
  });

  it("tells the account's room which chat changed and the chat's room the message itself", async () => {
    const owner = await ownerWithBot(engine.t);
    const account = listen(`account:${owner.accountId}`);
    const { chat } = await customerWrites(owner, 'first', 'Здравствуйте, сколько стоит стрижка?');
    expect(account.received).toEqual([{ chat_id: chat.id, type: 'message' }]);

    const inChat = listen(`chat:${chat.id}`);
    await customerWrites(owner, 'second', 'И маникюр');
    expect(inChat.received).toEqual([
      expect.objectContaining({
        chat_id: chat.id,
        type: 'message',
        message: expect.objectContaining({ author: 'customer', text: 'И маникюр' }),
      }),
    ]);
    // A redelivered message is not news.
    await customerWrites(owner, 'second', 'И маникюр');
    expect(inChat.received).toHaveLength(1);
    expect(account.received).toHaveLength(2);
    account.leave();
    inChat.leave();
  });
});
