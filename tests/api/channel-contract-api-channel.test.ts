import { afterAll, beforeAll } from 'vitest';
import { type FakeApiChannelClient, startFakeApiChannelClient } from '../fakes/api-channel-client';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ApiChannelTestbed, apiChannelTestbed } from './support/api-channel';
import { runChannelContract } from './support/channel-contract';
import { apiClient } from './support/client';
import { fakeLlm, LLM_KEY } from './support/engine';

let t: TestApp;
let llm: FakeOpenAi;
let client: FakeApiChannelClient;
let bed: ApiChannelTestbed;

beforeAll(async () => {
  llm = await startFakeOpenAi({ apiKey: LLM_KEY });
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: 'https://bots.example.com', allowPrivateAddresses: true },
  });
  client = await startFakeApiChannelClient((path, init) => Promise.resolve(t.app.request(path, init)));
  bed = apiChannelTestbed(t, apiClient(t), client);
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), client.close()]);
});

let connections = 0;

runChannelContract(
  {
    type: 'api_channel',
    accepted: 200,
    forgedStatus: 401,
    async connect(bot) {
      const c = await bed.connectedOwner(bot);
      // Conversations are the client's own ids: one set per connection, so tests never share one.
      const prefix = `c${++connections}-`;
      const externalId = (chat: string) => `${prefix}${chat}`;
      return {
        owner: c.owner,
        integrationId: c.integrationId,
        externalId,
        customerWrites(chat, text) {
          // One message, sent as often as asked: a redelivery carries the same message id.
          const message = { chat_id: externalId(chat), message_id: crypto.randomUUID(), text };
          return { send: async () => (await client.send(c.integrationId, message)).status };
        },
        received: async (chat) => client.textsTo(externalId(chat)),
      };
    },
    async deliverTo(integrationId, text) {
      const message = { chat_id: 'stranger', text };
      return (await client.send(integrationId, message, { secret: 'x'.repeat(43) })).status;
    },
    async forged(channel, text) {
      const message = { chat_id: 'forged', text };
      return (await client.send(channel.integrationId, message, { secret: 'y'.repeat(43) })).status;
    },
    failSends(fail) {
      client.answerAlways(fail ? { kind: 'status', status: 500 } : { kind: 'ok' });
    },
  },
  () => ({ t, llm }),
);
