import { afterAll, beforeAll } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeWappi, startFakeWappi } from '../fakes/wappi';
import { createTestApp, type TestApp } from '../support/test-app';
import { runChannelContract } from './support/channel-contract';
import { apiClient } from './support/client';
import { fakeLlm, LLM_KEY } from './support/engine';
import { type WappiTestbed, wappiTestbed } from './support/wappi';

let t: TestApp;
let llm: FakeOpenAi;
let wappi: FakeWappi;
let bed: WappiTestbed;

beforeAll(async () => {
  [llm, wappi] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeWappi()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: 'https://bots.example.com', apiRoots: { wappi: wappi.url } },
  });
  bed = wappiTestbed(t, apiClient(t), wappi);
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), wappi.close()]);
});

/** Conversation names of the contract → WhatsApp numbers, one per name. */
const phones = new Map<string, string>();
const phoneOf = (chat: string) => {
  if (!phones.has(chat)) phones.set(chat, `7977${String(1_000_000 + phones.size).slice(1)}`);
  return phones.get(chat) as string;
};

runChannelContract(
  {
    type: 'wappi',
    accepted: 200,
    forgedStatus: 401,
    credentialField: 'api_key',
    async connect(bot) {
      const c = await bed.connectedOwner(bot);
      return {
        owner: c.owner,
        integrationId: c.integrationId,
        externalId: phoneOf,
        customerWrites(chat, text) {
          // One delivery, sent as often as asked: a redelivery carries the same message id.
          const body = {
            messages: [wappi.message(c.profile, 'incoming_message', phoneOf(chat), text, false)],
          };
          return { send: async () => (await bed.postHook(c.integrationId, body, c.secret)).status };
        },
        received: async (chat) => {
          await wappi.settled();
          return wappi.sentTo(phoneOf(chat));
        },
        credential: wappi.token,
        registered: async () => c.profile.webhookUrl !== null && c.profile.webhookTypes.length > 0,
      };
    },
    async deliverTo(integrationId, text) {
      const profile = wappi.addProfile();
      const body = { messages: [wappi.message(profile, 'incoming_message', '79770000000', text, false)] };
      return (await bed.postHook(integrationId, body, 'x'.repeat(43))).status;
    },
    async forged(channel, text) {
      const profile = wappi.addProfile();
      const body = { messages: [wappi.message(profile, 'incoming_message', '79770000001', text, false)] };
      return (await bed.postHook(channel.integrationId, body, 'y'.repeat(43))).status;
    },
    failSends(fail) {
      for (const profile of wappi.profiles.values()) profile.paid = !fail;
    },
  },
  () => ({ t, llm }),
);
