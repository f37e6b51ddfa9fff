import { afterAll, beforeAll } from 'vitest';
import { type FakeAvito, startFakeAvito } from '../fakes/avito';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { createTestApp, type TestApp } from '../support/test-app';
import { type AvitoTestbed, avitoTestbed } from './support/avito';
import { runChannelContract } from './support/channel-contract';
import { apiClient } from './support/client';
import { fakeLlm, LLM_KEY } from './support/engine';

let t: TestApp;
let llm: FakeOpenAi;
let avito: FakeAvito;
let bed: AvitoTestbed;

beforeAll(async () => {
  [llm, avito] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeAvito()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: 'https://bots.example.com', apiRoots: { avito: avito.url } },
  });
  bed = avitoTestbed(t, apiClient(t), avito);
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), avito.close()]);
});

/** Conversation names of the contract → Avito chat ids, one per name and account. */
const chatIdOf = (chat: string) => `u2i-contract~${chat}`;

runChannelContract(
  {
    type: 'avito',
    accepted: 200,
    forgedStatus: 401,
    credentialField: 'client_secret',
    async connect(bot) {
      const c = await bed.connectedOwner(bot);
      return {
        owner: c.owner,
        integrationId: c.integrationId,
        externalId: chatIdOf,
        customerWrites(chat, text) {
          // One delivery, sent as often as asked: a redelivery carries the same message id.
          const thread = avito.chat(c.account, chatIdOf(chat));
          const body = avito.message(c.account, thread, thread.customer.id, 'text', { text });
          return { send: async () => (await bed.postHook(c.integrationId, body, c.secret)).status };
        },
        received: async (chat) => {
          await avito.settled();
          return avito.sent
            .filter((one) => one.userId === c.account.userId && one.chatId === chatIdOf(chat))
            .map((one) => one.text);
        },
        credential: c.account.clientSecret,
        registered: async () => c.account.subscriptions.some((url) => url.includes(c.integrationId)),
      };
    },
    async deliverTo(integrationId, text) {
      const account = avito.addAccount();
      const thread = avito.chat(account, 'u2i-elsewhere');
      const body = avito.message(account, thread, thread.customer.id, 'text', { text });
      return (await bed.postHook(integrationId, body, 'x'.repeat(43))).status;
    },
    async forged(channel, text) {
      const account = avito.addAccount();
      const thread = avito.chat(account, 'u2i-forged');
      const body = avito.message(account, thread, thread.customer.id, 'text', { text });
      return (await bed.postHook(channel.integrationId, body, 'y'.repeat(43))).status;
    },
    failSends(fail) {
      for (const account of avito.accounts.values()) account.paid = !fail;
    },
  },
  () => ({ t, llm }),
);
