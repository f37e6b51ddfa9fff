import { afterAll, beforeAll } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeWhatsAppCloud, startFakeWhatsAppCloud } from '../fakes/whatsapp-cloud';
import { envelope, metaJson, metaSignature } from '../fakes/whatsapp-cloud-wire';
import { createTestApp, type TestApp } from '../support/test-app';
import { runChannelContract } from './support/channel-contract';
import { apiClient } from './support/client';
import { fakeLlm, LLM_KEY } from './support/engine';
import { type WhatsAppTestbed, whatsappTestbed } from './support/whatsapp-cloud';

let t: TestApp;
let llm: FakeOpenAi;
let meta: FakeWhatsAppCloud;
let bed: WhatsAppTestbed;

beforeAll(async () => {
  [llm, meta] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeWhatsAppCloud()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: 'https://bots.example.com', apiRoots: { whatsapp: meta.url } },
  });
  bed = whatsappTestbed(t, apiClient(t), meta);
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), meta.close()]);
});

/** Conversation names of the contract → WhatsApp ids, one per name. */
const waIds = new Map<string, string>();
const waIdOf = (chat: string) => {
  if (!waIds.has(chat)) waIds.set(chat, `7977${String(1_000_000 + waIds.size).slice(1)}`);
  return waIds.get(chat) as string;
};

runChannelContract(
  {
    type: 'whatsapp',
    accepted: 200,
    forgedStatus: 401,
    credentialField: 'access_token',
    async connect(bot) {
      const c = await bed.connectedOwner(bot);
      return {
        owner: c.owner,
        integrationId: c.integrationId,
        externalId: waIdOf,
        customerWrites(chat, text) {
          // One delivery, sent as often as asked: a redelivery carries the same bytes and wamid.
          const raw = metaJson(
            envelope([
              meta.customerChange(
                c.business,
                { waId: waIdOf(chat), name: 'Иван' },
                {
                  type: 'text',
                  text: { body: text },
                },
              ),
            ]),
          );
          const signature = metaSignature(c.business.appSecret, raw);
          return { send: async () => (await bed.postHook(c.integrationId, raw, signature)).status };
        },
        received: async (chat) => {
          await meta.settled();
          return meta.sentTo(waIdOf(chat));
        },
        credential: c.business.token,
        registered: async () => c.business.subscribed,
      };
    },
    async deliverTo(integrationId, text) {
      const business = meta.addBusiness();
      const raw = metaJson(
        envelope([
          meta.customerChange(
            business,
            { waId: '79770000000' },
            {
              type: 'text',
              text: { body: text },
            },
          ),
        ]),
      );
      return (await bed.postHook(integrationId, raw, metaSignature(business.appSecret, raw))).status;
    },
    async forged(channel, text) {
      // Signed with another app's secret: the integration's own is not known to the forger.
      const business = meta.addBusiness();
      const raw = metaJson(
        envelope([
          meta.customerChange(
            business,
            { waId: '79770000001' },
            {
              type: 'text',
              text: { body: text },
            },
          ),
        ]),
      );
      return (await bed.postHook(channel.integrationId, raw, metaSignature(business.appSecret, raw))).status;
    },
    failSends(fail) {
      meta.refuseSends = fail ? { status: 500, code: 131000, message: 'Something went wrong' } : null;
    },
  },
  () => ({ t, llm }),
);
