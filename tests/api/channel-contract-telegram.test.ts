import { afterAll, beforeAll } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeTelegram, startFakeTelegram } from '../fakes/telegram';
import { createTestApp, type TestApp } from '../support/test-app';
import { runChannelContract } from './support/channel-contract';
import { apiClient } from './support/client';
import { fakeLlm, LLM_KEY } from './support/engine';
import { telegramTestbed } from './support/telegram';

let t: TestApp;
let llm: FakeOpenAi;
let telegram: FakeTelegram;
let bed: ReturnType<typeof telegramTestbed>;

beforeAll(async () => {
  [llm, telegram] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeTelegram()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: 'https://bots.example.com', apiRoots: { telegram: telegram.url } },
  });
  bed = telegramTestbed(t, apiClient(t), telegram);
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), telegram.close()]);
});

/** Conversation names of the contract → Telegram chat ids, one per name. */
const chatIds = new Map<string, number>();
const chatId = (chat: string) => {
  if (!chatIds.has(chat)) chatIds.set(chat, 700_000 + chatIds.size);
  return chatIds.get(chat) as number;
};

runChannelContract(
  {
    type: 'telegram',
    accepted: 200,
    forgedStatus: 401,
    credentialField: 'token',
    async connect(bot) {
      const c = await bed.connectedOwner(bot);
      return {
        owner: c.owner,
        integrationId: c.integrationId,
        externalId: (chat) => String(chatId(chat)),
        customerWrites(chat, text) {
          const update = telegram.userWrites(c.tg.token, chatId(chat), { text });
          return {
            send: async () => (await bed.postUpdate(c.integrationId, update, c.secret)).status,
          };
        },
        received: async (chat) => telegram.sentTexts(c.tg.token, chatId(chat)),
        credential: c.tg.token,
        registered: async () => telegram.webhookOf(c.tg.token) !== null,
      };
    },
    async deliverTo(integrationId, text) {
      const update = { update_id: 1, message: { message_id: 1, chat: { id: 1 }, text } };
      return (await bed.postUpdate(integrationId, update, 'x'.repeat(43))).status;
    },
    async forged(channel, text) {
      const update = { update_id: 9, message: { message_id: 9, chat: { id: 9 }, text } };
      return (await bed.postUpdate(channel.integrationId, update, 'y'.repeat(43))).status;
    },
    failSends(fail) {
      if (fail) telegram.failNext('sendMessage', 1000, 0);
      else telegram.reset();
    },
  },
  () => ({ t, llm }),
);
