import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWappiClient } from '../../functions/integrations/wappi/client';
import { readWappiWebhook } from '../../functions/integrations/wappi/webhook';
import { type FakeServer, serveFake } from '../fakes/serve';
import { type FakeWappi, startFakeWappi } from '../fakes/wappi';

const hooks = { received: [] as unknown[], server: null as FakeServer | null };
let wappi: FakeWappi;

beforeAll(async () => {
  hooks.server = await serveFake((_request, body, response) => {
    hooks.received.push(JSON.parse(body));
    response.writeHead(200).end();
  });
  wappi = await startFakeWappi();
});
afterAll(async () => {
  await wappi.close();
  await hooks.server?.close();
});

const clientFor = (profileId: string, token = wappi.token) =>
  createWappiClient({ token, profileId, apiRoot: wappi.apiRoot });

describe('the Wappi client against the fake', () => {
  it('polls a fresh QR until the phone scans it, then says authorised; a wrong token is 401', async () => {
    const profile = wappi.addProfile();
    const client = clientFor(profile.profileId);
    const first = await client.qr();
    const second = await client.qr();
    expect(first.kind).toBe('qr');
    expect(second).not.toEqual(first);
    expect((await client.status()).authorized).toBe(false);
    await client.subscribe(`${hooks.server?.url}/wappi?s=secret`);
    hooks.received.length = 0;
    await wappi.scan(profile);
    expect(await client.qr()).toEqual({ kind: 'authorized' });
    expect(await client.status()).toMatchObject({ authorized: true, phone: '79990003344' });
    expect(readWappiWebhook(hooks.received[0])).toEqual([
      { kind: 'authorization', profileId: profile.profileId, online: true },
    ]);
    await expect(clientFor(profile.profileId, 'wrong').status()).rejects.toMatchObject({ status: 401 });
    await expect(clientFor(profile.profileId, `Bearer ${wappi.token}`).status()).rejects.toMatchObject({
      status: 401,
    });
    await expect(clientFor('unknown').status()).rejects.toMatchObject({ status: 404 });
  });

  it('sends a text, which comes back as outgoing_message_api; an unpaid profile is 402', async () => {
    const profile = wappi.addProfile({ authorized: true });
    const client = clientFor(profile.profileId);
    await client.subscribe(`${hooks.server?.url}/wappi?s=secret`);
    hooks.received.length = 0;
    const sent = await client.sendText('79115576362', 'Добрый день!');
    expect(sent.messageId).not.toBe('');
    await new Promise((done) => setTimeout(done, 100));
    expect(readWappiWebhook(hooks.received[0])).toEqual([
      expect.objectContaining({
        kind: 'message',
        from: 'api',
        id: sent.messageId,
        chatId: '79115576362',
        text: 'Добрый день!',
      }),
    ]);
    await expect(client.sendText('abc', 'x')).rejects.toMatchObject({ status: 400 });
    profile.paid = false;
    await expect(client.sendText('79115576362', 'x')).rejects.toMatchObject({ status: 402, unpaid: true });
  });

  it('tells a customer from the owner typing on the phone; garbage is null', async () => {
    const profile = wappi.addProfile({ authorized: true });
    await clientFor(profile.profileId).subscribe(`${hooks.server?.url}/wappi?s=secret`);
    hooks.received.length = 0;
    await wappi.customerWrites(profile, '79115576362', 'Здравствуйте');
    await wappi.ownerWritesFromPhone(profile, '79115576362', 'Отвечу сам');
    const [customer, owner] = hooks.received.map(readWappiWebhook);
    expect(customer?.[0]).toMatchObject({
      kind: 'message',
      from: 'customer',
      chatId: '79115576362',
      senderName: 'Иван',
    });
    expect(owner?.[0]).toMatchObject({ kind: 'message', from: 'phone', chatId: '79115576362' });
    expect(readWappiWebhook({ nope: true })).toBeNull();
    expect(readWappiWebhook('x')).toBeNull();
  });
});
