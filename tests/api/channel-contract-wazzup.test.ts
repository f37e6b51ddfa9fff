import { afterAll } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeWazzup, startFakeWazzup } from '../fakes/wazzup';
import { runChannelContract } from './support/channel-contract';
import { fakeLlm, LLM_KEY } from './support/engine';
import { listeningTestApp } from './support/listening-app';
import { wazzupTestbed } from './support/wazzup';

let llm: FakeOpenAi;
let wazzup: FakeWazzup;

const app = listeningTestApp(async () => {
  [llm, wazzup] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeWazzup()]);
  return { llm: fakeLlm(llm), settings: { apiRoots: { wazzup: wazzup.url } } };
});
const bed = wazzupTestbed(app, () => wazzup);

afterAll(async () => {
  await Promise.all([llm?.close(), wazzup?.close()]);
});

/** Conversation names of the contract → WhatsApp numbers, one per name. */
const phones = new Map<string, string>();
const phoneOf = (chat: string) => {
  if (!phones.has(chat)) phones.set(chat, `7988${String(1_000_000 + phones.size).slice(1)}`);
  return phones.get(chat) as string;
};

const message = (phone: string, text: string) => ({
  messages: [wazzup.customerMessage(phone, { type: 'text', text })],
});

// `registered` is left out: Wazzup probes the address it is told even when webhooks are turned off,
// and a deleted integration's address answers 404, so only a reset can turn them off (wazzup.test.ts).
runChannelContract(
  {
    type: 'wazzup',
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
          // One delivery, sent as often as asked: a redelivery carries the same messageId.
          const body = message(phoneOf(chat), text);
          return { send: async () => (await bed.postHook(c.integrationId, body, c.secret)).status };
        },
        received: async (chat) => {
          await wazzup.settled();
          return bed.sentTo(phoneOf(chat)).filter((text): text is string => text !== null);
        },
        credential: wazzup.apiKey,
      };
    },
    async deliverTo(integrationId, text) {
      return (await bed.postHook(integrationId, message('79880000000', text), 'x'.repeat(43))).status;
    },
    async forged(channel, text) {
      return (await bed.postHook(channel.integrationId, message('79880000001', text), 'y'.repeat(43))).status;
    },
    failSends(fail) {
      wazzup.whatsapp.state = fail ? 'notEnoughMoney' : 'active';
    },
  },
  () => ({ t: app.t, llm }),
);
