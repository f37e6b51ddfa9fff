import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeRetail, startFakeRetail } from '../fakes/retailcrm';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { type Account, apiCall, instantBotOn, readyAccount } from './support/account';
import { marketplaceLink } from './support/retailcrm';

/**
 * RetailCRM's chats through the real `npm start` process: its chat gateway only streams events over
 * a WebSocket, which the Node process holds and hands, frame by frame, to its own app. That path is
 * not the HTTP one the API tests take: an in-process request has no client connection, which once
 * made every frame a 500 and left customers unanswered.
 */

const LLM_KEY = 'sk-e2e-retail-answers-0123456789';

let crm: FakeRetail;
let llm: FakeOpenAi;
let server: LocalServer;
let account: Account;
let integrationId: string;

beforeAll(async () => {
  [crm, llm] = await Promise.all([startFakeRetail(), startFakeOpenAi({ apiKey: LLM_KEY })]);
  server = await startFreshServer({
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: LLM_KEY,
    RETAILCRM_API_ROOT: crm.url,
    RETAILCRM_MODULE_CODE: 'onchat',
    RETAILCRM_SECRET: crm.secret,
  });
  account = await readyAccount(server, 'retail-answers');
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([crm?.close(), llm?.close()]);
});

/** The marketplace registers the account; the owner confirms its ticket, as the confirmation screen does. */
async function connectFromMarketplace(): Promise<string> {
  const ticket = (await marketplaceLink(server, crm)).searchParams.get('install');
  const created = (await apiCall(
    server,
    'POST',
    '/api/integrations',
    { type: 'retailcrm', connection_data: { install: ticket } },
    account.token,
  )) as { id: string };
  const connected = (await apiCall(
    server,
    'POST',
    `/api/integrations/connect/${created.id}`,
    {},
    account.token,
  )) as { connected: boolean };
  expect(connected.connected).toBe(true);
  return created.id;
}

const botRepliesIn = (chatId: number) =>
  crm.sent.filter((one) => one.chat_id === chatId).map((one) => one.content);

/** The owner's view of the RetailCRM chat `chatId`, as Chats lists it. */
async function chatOf(chatId: number): Promise<{ state: string } | undefined> {
  const list = (await apiCall(server, 'GET', '/api/chats', undefined, account.token)) as {
    items: { state: string; external_id: string }[];
  };
  return list.items.find((chat) => chat.external_id === String(chatId));
}

describe('RetailCRM under npm start', () => {
  it('answers a customer in the chat held by the server process', async () => {
    integrationId = await connectFromMarketplace();
    await instantBotOn(server, account, integrationId, {
      name: 'Магазин',
      systemPrompt: 'Ты помощник магазина.',
    });
    // The chat-streams schedule runs every minute and at start: the server holds the gateway's stream.
    await vi.waitFor(() => expect(crm.streams).toBe(1), { timeout: 70_000, interval: 250 });
    llm.queue({ kind: 'text', text: 'Здравствуйте! Чем помочь?' });
    crm.customerWrites(31, 'Здравствуйте');
    await vi.waitFor(() => expect(botRepliesIn(31)).toEqual(['Здравствуйте! Чем помочь?']), {
      timeout: 20_000,
      interval: 250,
    });
    expect(llm.requests).toHaveLength(1);
  });

  it("stops when a manager writes in the chat, and leaves the customer's next message to the team", async () => {
    llm.queue({ kind: 'text', text: 'Добрый день!' });
    crm.customerWrites(41, 'Добрый день');
    await vi.waitFor(() => expect(botRepliesIn(41)).toEqual(['Добрый день!']), { timeout: 20_000 });
    crm.managerWrites(41, 'Анна, я Ольга, помогу вам');
    await vi.waitFor(async () => expect((await chatOf(41))?.state).not.toBe('active'), { timeout: 20_000 });
    const requests = llm.requests.length;
    crm.customerWrites(41, 'Спасибо, Ольга');
    // Time for a reply that must not come: the manager's frame and this one go through the same queue.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(botRepliesIn(41)).toEqual(['Добрый день!']);
    expect(llm.requests).toHaveLength(requests);
  });
});
