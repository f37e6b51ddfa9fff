import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, messages } from '../../db/schema';
import { type FakeBitrix, startFakeBitrix } from '../fakes/bitrix';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeWazzup, startFakeWazzup } from '../fakes/wazzup';
import { bitrixInstall } from './support/bitrix';
import { signedInUser } from './support/client';
import { createWorkingBot, fakeLlm, LLM_KEY } from './support/engine';
import { listeningTestApp } from './support/listening-app';
import { wazzupTestbed } from './support/wazzup';

/**
 * U+0000 in what a channel delivers (issue #21 §7): Postgres cannot store it, so the engine strips it
 * where every channel's message enters; the delivery is taken (200), the customer answered, and the
 * text and the customer's name are kept without it.
 */

let llm: FakeOpenAi;
let portal: FakeBitrix;
let wazzup: FakeWazzup;

const app = listeningTestApp(async () => {
  [llm, portal, wazzup] = await Promise.all([
    startFakeOpenAi({ apiKey: LLM_KEY }),
    startFakeBitrix(),
    startFakeWazzup(),
  ]);
  return {
    llm: fakeLlm(llm),
    settings: {
      apiRoots: { bitrix: portal.url, wazzup: wazzup.url },
      oauthClients: { bitrix: { id: portal.clientId, secret: portal.clientSecret } },
    },
  };
});
const bed = wazzupTestbed(app, () => wazzup);

afterAll(async () => {
  await Promise.all([llm?.close(), portal?.close(), wazzup?.close()]);
});

beforeEach(() => {
  llm.reset();
  portal.bots.clear();
});

async function answersSent() {
  app.t.clock.advance(61_000);
  await app.t.jobs.runDue();
  await wazzup.settled();
}

async function storedChat(integrationId: string, externalId: string) {
  const [chat] = await app.t.db
    .select()
    .from(chats)
    .where(and(eq(chats.integrationId, integrationId), eq(chats.externalId, externalId)));
  if (!chat) throw new Error('no chat stored');
  const rows = await app.t.db
    .select({ author: messages.author, text: messages.text })
    .from(messages)
    .where(eq(messages.chatId, chat.id))
    .orderBy(messages.seq);
  return { chat, rows };
}

/** A Bitrix24 owner connected through the install ticket, with an instant bot in the open line. */
async function bitrixOwner() {
  const { ticket } = await bitrixInstall(
    (path, init) => fetch(`${app.origin}${path}`, init),
    portal.installForm(),
  );
  if (!ticket) throw new Error('no install ticket');
  const owner = await signedInUser(app.t);
  const created = await app.call('POST', '/api/integrations', {
    token: owner.token,
    body: { type: 'bitrix', connection_data: { install: ticket } },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const integrationId = created.json.id as string;
  const connected = await app.call('POST', `/api/integrations/connect/${integrationId}`, {
    token: owner.token,
  });
  expect(connected.status, JSON.stringify(connected.json)).toBe(200);
  await createWorkingBot(app.call, owner.token, {
    conditions: { channels: [integrationId] },
    process_scheme: 'instant',
  });
  return integrationId;
}

describe('U+0000 in an inbound message', () => {
  it('Bitrix24: the message with NUL in its text and the customer’s name is taken, answered and stored without it', async () => {
    const integrationId = await bitrixOwner();
    const { chatId } = portal.addOpenLineChat({ customerName: 'Ири\u0000на' });
    llm.queue({ kind: 'text', text: 'Здравствуйте, Ирина!' });
    const sent = await portal.sendCustomerMessage(chatId, 'Здравст\u0000вуйте');
    expect(sent.statuses).toEqual([200]);
    await answersSent();
    expect(
      portal.botMessages.filter((one) => one.DIALOG_ID === `chat${chatId}`).map((one) => one.MESSAGE),
    ).toEqual(['Здравствуйте, Ирина!']);
    const { chat, rows } = await storedChat(integrationId, `chat${chatId}`);
    expect(chat.customerName).toBe('Ирина');
    expect(rows).toEqual([
      { author: 'customer', text: 'Здравствуйте' },
      { author: 'bot', text: 'Здравствуйте, Ирина!' },
    ]);
  });

  it('Wazzup: NUL in the contact’s name and the text is stripped; the customer is answered', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = '79990000777';
    llm.queue({ kind: 'text', text: 'Добрый день!' });
    const written = wazzup.customerWrites(phone, 'Добрый\u0000 день', { name: 'Ирина\u0000 Петрова' });
    expect(await written.delivered).toBe(200);
    await answersSent();
    expect(bed.sentTo(phone)).toEqual(['Добрый день!']);
    const { chat, rows } = await storedChat(c.integrationId, phone);
    expect(chat.customerName).toBe('Ирина Петрова');
    expect(rows.map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Добрый день'],
      ['bot', 'Добрый день!'],
    ]);
  });
});
