import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWazzupClient, WazzupError } from '../../functions/integrations/wazzup/client';
import { readWazzupWebhook } from '../../functions/integrations/wazzup/webhook';
import { type FakeServer, serveFake } from '../fakes/serve';
import { type FakeWazzup, startFakeWazzup } from '../fakes/wazzup';

/** A webhook receiver: records what Wazzup posts, answers `status`. */
const hooks = { received: [] as unknown[], status: 200, server: null as FakeServer | null };
let wazzup: FakeWazzup;

beforeAll(async () => {
  hooks.server = await serveFake((_request, body, response) => {
    hooks.received.push(JSON.parse(body));
    response.writeHead(hooks.status).end();
  });
  wazzup = await startFakeWazzup({ rateLimit: 20 });
});
afterAll(async () => {
  await wazzup.close();
  await hooks.server?.close();
});

const client = (apiKey = wazzup.apiKey) => createWazzupClient({ apiKey, apiRoot: wazzup.apiRoot });
const settle = () => new Promise((done) => setTimeout(done, 100));

describe('the Wazzup client against the fake', () => {
  it('lists channels with the key, and a wrong key is 401 INVALID_APIKEY', async () => {
    const channels = await client().listChannels();
    expect(channels.map((one) => one.transport)).toEqual(['whatsapp', 'telegram']);
    await expect(client('wrong').listChannels()).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_APIKEY',
    });
  });

  it('subscribes only when the URI answers the {test:true} probe with 200', async () => {
    hooks.status = 500;
    await expect(client().subscribe(`${hooks.server?.url}/hook?s=secret`)).rejects.toMatchObject({
      status: 400,
      code: 'testPostNotPassed',
    });
    hooks.status = 200;
    hooks.received.length = 0;
    await client().subscribe(`${hooks.server?.url}/hook?s=secret`);
    expect(readWazzupWebhook(hooks.received[0])).toEqual({ kind: 'probe' });
    expect(wazzup.subscriptions).toMatchObject({ messagesAndStatuses: true, channelsUpdates: true });
  });

  it('sends a WhatsApp message (201), keeps the chat unanswered, and the send comes back as an echo', async () => {
    hooks.received.length = 0;
    const sent = await client().sendMessage({
      channelId: wazzup.whatsapp.channelId,
      chatType: 'whatsapp',
      chatId: '79991234567',
      text: 'Добрый день! Свободно завтра в 10:00.',
      crmMessageId: 'bot-1',
    });
    expect(sent.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(wazzup.sent.at(-1)).toMatchObject({ clearUnanswered: false, crmMessageId: 'bot-1' });
    await settle();
    const echo = readWazzupWebhook(hooks.received[0]);
    expect(echo?.kind === 'delivery' && echo.messages[0]).toMatchObject({
      messageId: sent.messageId,
      isEcho: true,
    });
    await expect(
      client().sendMessage({
        channelId: wazzup.whatsapp.channelId,
        chatType: 'whatsapp',
        chatId: '79991234567',
        text: 'x',
        crmMessageId: 'bot-1',
      }),
    ).rejects.toMatchObject({ code: 'REPEATED_CRM_MESSAGE_ID' });
    await expect(
      client().sendMessage({ channelId: 'nope', chatType: 'whatsapp', chatId: '79991234567', text: 'x' }),
    ).rejects.toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
  });

  it('reads customer messages, manager echoes and QR updates; garbage is null', async () => {
    hooks.received.length = 0;
    await wazzup.customerWrites('79991234567', 'Можно записаться?', { name: 'Иван' }).delivered;
    await wazzup.managerWrites('79991234567', 'Я отвечу сам', { fromApp: true, authorName: 'Мария' });
    await wazzup.channelState('qr', 'data:image/png;base64,AAAA');
    const [customer, manager, qr] = hooks.received.map(readWazzupWebhook);
    expect(customer?.kind === 'delivery' && customer.messages[0]).toMatchObject({
      isEcho: false,
      text: 'Можно записаться?',
      contact: { name: 'Иван', phone: '79991234567' },
    });
    expect(manager?.kind === 'delivery' && manager.messages[0]).toMatchObject({
      isEcho: true,
      sentFromApp: true,
      authorName: 'Мария',
    });
    expect(qr?.kind === 'delivery' && qr.channelsUpdates[0]).toMatchObject({
      state: 'qr',
      qr: 'data:image/png;base64,AAAA',
    });
    expect(readWazzupWebhook('text')).toBeNull();
    expect(readWazzupWebhook({ hello: 1 })).toBeNull();
    expect(readWazzupWebhook([1, 2])).toBeNull();
  });

  it('answers 429 above the rate limit, as a retryable error with Retry-After', async () => {
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => client().listChannels()));
    const refused = results.find((one) => one.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(WazzupError);
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      status: 429,
      retryable: true,
      retryAfterSeconds: 5,
    });
  });
});
