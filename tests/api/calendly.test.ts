import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, chats, historyEntries } from '../../db/schema';
import { slotLabel } from '../../functions/integrations/booking/slot-label';
import { startOfLocalDay } from '../../functions/integrations/calendly/window';
import { type FakeCalendly, startFakeCalendly } from '../fakes/calendly';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { signedInUser } from './support/client';
import { createWorkingBot, dialogue, fakeLlm, LLM_KEY, say } from './support/engine';
import { listeningTestApp } from './support/listening-app';

/**
 * Calendly (issue #22 §2; reference/messengers.md §4) through the app against its fake: connecting
 * with a personal access token, the booking action's free times in the right 7-day window (never
 * in the past, never longer than Calendly takes), per-slot URLs and single-use links carrying the
 * chat id, and invitee events written once in the chat they came from.
 */

const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';
const DAY = 86_400_000;

let llm: FakeOpenAi;
let calendly: FakeCalendly;
let freePlan: FakeCalendly;

const app = listeningTestApp(async () => {
  const clock = () => (app.t ? app.t.clock.now() : new Date());
  [llm, calendly, freePlan] = await Promise.all([
    startFakeOpenAi({ apiKey: LLM_KEY }),
    startFakeCalendly({ now: clock }),
    startFakeCalendly({ now: clock, plan: 'free', token: 'calendly-free-token-0123' }),
  ]);
  return { llm: fakeLlm(llm), settings: { apiRoots: { calendly: calendly.url } } };
});

afterAll(async () => {
  await Promise.all([llm?.close(), calendly?.close(), freePlan?.close()]);
});

beforeEach(() => llm.reset());

async function addCalendly(token: string, pat = calendly.token) {
  const created = await app.call('POST', '/api/integrations', {
    token,
    body: { type: 'calendly', connection_data: { token: pat } },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json.id as string;
}

const connect = (token: string, id: string) => app.call('POST', `/api/integrations/connect/${id}`, { token });

async function connectedOwner() {
  const owner = await signedInUser(app.t);
  const integrationId = await addCalendly(owner.token);
  const connected = await connect(owner.token, integrationId);
  expect(connected.status, JSON.stringify(connected.json)).toBe(200);
  return { owner, integrationId, view: connected.json };
}

const consultation = () => calendly.eventTypes[0]?.uri ?? '';

async function bookingBot(token: string, integrationId: string, eventType = consultation()) {
  return createWorkingBot(app.call, token, {
    conditions: { channels: ['check'] },
    process_scheme: 'instant',
    actions_enable: true,
    actions: [
      {
        name: 'Запись',
        description: 'Записать клиента на консультацию',
        goal_prompt: 'Когда клиент хочет записаться',
        type: 'booking',
        settings: { integration_id: integrationId, event_type: eventType },
      },
    ],
  });
}

/** The customer writes in Check; the model calls the booking tool with `args`, then answers. */
async function askBooking(token: string, botId: string, args: Record<string, unknown>) {
  llm.queue(
    { kind: 'tool_calls', calls: [{ name: 'booking_1', arguments: args }] },
    { kind: 'text', text: 'Вот свободное время' },
  );
  await say(app.call, token, botId, 'Хочу записаться');
  await app.t.jobs.runDue();
  const tool = ((llm.bodies[1]?.messages ?? []) as { role: string; content: string }[]).find(
    (message) => message.role === 'tool',
  );
  expect(tool, 'the model got the tool result').toBeDefined();
  return JSON.parse(tool?.content ?? '{}') as Record<string, unknown>;
}

async function chatIdOf(botId: string) {
  const [chat] = await app.t.db.select().from(chats).where(eq(chats.botId, botId));
  if (!chat) throw new Error('no chat');
  return chat.id;
}

const lastWindow = () => {
  const last = calendly.availabilityCalls.at(-1);
  if (!last) throw new Error('Calendly was not asked');
  return { start: Date.parse(last.start_time), end: Date.parse(last.end_time), status: last.status };
};

const localDate = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: calendly.timeZone }).format(new Date(at));
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

const systemLines = async (token: string, botId: string) => {
  const answer = await dialogue(app.call, token, botId);
  const items = (Array.isArray(answer) ? answer : (answer.messages ?? answer.items ?? [])) as {
    author: string;
    text: string;
  }[];
  return items.filter((message) => message.author === 'system').map((message) => message.text);
};

describe('Calendly: connecting', () => {
  it('learns the user and its event types, subscribes invitee events, and never shows the token or key', async () => {
    const { view, integrationId } = await connectedOwner();
    expect(view.connected).toBe(true);
    expect(view.connection_data).toMatchObject({
      user_uri: calendly.user.uri,
      user_name: calendly.user.name,
      organization_uri: calendly.user.current_organization,
      time_zone: 'Europe/Moscow',
      webhook: 'active',
      event_types: [
        {
          uri: consultation(),
          name: 'Консультация',
          duration_minutes: 60,
          active: true,
          scheduling_url: expect.any(String),
        },
        expect.objectContaining({ name: 'Первичный приём' }),
        expect.objectContaining({ name: 'Архивная встреча', active: false }),
      ],
    });
    const text = JSON.stringify(view);
    expect(text).not.toContain(calendly.token);
    expect(text).not.toContain('webhook_signing_key');
    const hook = [...calendly.subscriptions.values()].find((s) =>
      s.url.endsWith(`/calendly/${integrationId}`),
    );
    expect(hook).toMatchObject({ events: ['invitee.created', 'invitee.canceled'], scope: 'user' });
    expect(hook?.signingKey).toMatch(/^[\w-]{43}$/);
  });

  it('fails with the §8 text for a token Calendly does not know', async () => {
    const owner = await signedInUser(app.t);
    const id = await addCalendly(owner.token, 'not-a-real-token-123456');
    const refused = await connect(owner.token, id);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(CONNECT_FAILED);
    expect(calendly.requests.at(-1)).toMatchObject({ path: '/users/me', status: 401 });
  });

  it('connects a free plan without webhooks, and reconnecting replaces the subscription instead of failing', async () => {
    const owner = await signedInUser(app.t);
    app.t.settings.apiRoots = { calendly: freePlan.url };
    try {
      const id = await addCalendly(owner.token, freePlan.token);
      const connected = await connect(owner.token, id);
      expect(connected.status).toBe(200);
      expect(connected.json.connection_data).toMatchObject({ webhook: 'unavailable' });
    } finally {
      app.t.settings.apiRoots = { calendly: calendly.url };
    }
    const { owner: other, integrationId } = await connectedOwner();
    const mine = () => [...calendly.subscriptions.values()].filter((s) => s.url.endsWith(integrationId));
    const first = mine()[0]?.uuid;
    expect((await connect(other.token, integrationId)).status).toBe(200);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]?.uuid).not.toBe(first);
  });

  it('answers 404 for another account’s Calendly', async () => {
    const { integrationId } = await connectedOwner();
    const stranger = await signedInUser(app.t);
    const seen = await app.call('GET', `/api/integrations/${integrationId}`, { token: stranger.token });
    expect(seen.status).toBe(404);
  });
});

describe('Calendly: the booking action offers times of the right window', () => {
  it('asks for the next 7 days from a minute from now, and every slot carries its chat id', async () => {
    const c = await connectedOwner();
    const botId = await bookingBot(c.owner.token, c.integrationId);
    const asked = app.t.clock.now().getTime();
    const result = await askBooking(c.owner.token, botId, { step: 'times' });
    const window = lastWindow();
    expect(window.status).toBe(200);
    expect(window.start).toBe(asked + 60_000);
    expect(window.end - window.start).toBe(7 * DAY);
    const chatId = await chatIdOf(botId);
    const slots = result.slots as { start: string; label: string; scheduling_url: string }[];
    const expected = calendly.freeStarts(new Date(window.start), new Date(window.end));
    expect(result).toMatchObject({
      ok: true,
      time_zone: 'Europe/Moscow',
      note: expect.stringContaining('Offer only'),
    });
    expect(slots.map((slot) => slot.start)).toEqual(expected.map((at) => at.toISOString()));
    for (const slot of slots) {
      expect(new URL(slot.scheduling_url).searchParams.get('utm_content')).toBe(chatId);
      expect(slot.label).toBe(slotLabel(new Date(slot.start), 'Europe/Moscow', 'ru'));
    }
    const [entry] = await app.t.db.select().from(historyEntries).where(eq(historyEntries.chatId, chatId));
    expect(entry?.actions).toEqual([expect.objectContaining({ name: 'Запись', type: 'booking', ok: true })]);
  });

  it('asks for the 7 days around a named date, clipped to never start in the past', async () => {
    const c = await connectedOwner();
    const botId = await bookingBot(c.owner.token, c.integrationId);
    const now = app.t.clock.now().getTime();
    const far = addDays(localDate(now), 10);
    await askBooking(c.owner.token, botId, { step: 'times', date: far });
    expect(lastWindow()).toMatchObject({
      start: startOfLocalDay(addDays(far, -3), 'Europe/Moscow').getTime(),
      end: startOfLocalDay(addDays(far, 4), 'Europe/Moscow').getTime(),
      status: 200,
    });
    expect(new Date(lastWindow().start).toISOString()).toBe(`${addDays(far, -4)}T21:00:00.000Z`);

    llm.reset();
    const tomorrow = addDays(localDate(now), 1);
    await askBooking(c.owner.token, botId, { step: 'times', date: tomorrow });
    const clipped = lastWindow();
    expect(clipped.status).toBe(200);
    expect(clipped.start).toBe(app.t.clock.now().getTime() + 60_000);
    expect(clipped.end).toBe(startOfLocalDay(addDays(tomorrow, 4), 'Europe/Moscow').getTime());
    expect(clipped.end - clipped.start).toBeLessThanOrEqual(7 * DAY);
  });

  it('answers the model an error, without asking Calendly, for a date long past or not a date', async () => {
    const c = await connectedOwner();
    const botId = await bookingBot(c.owner.token, c.integrationId);
    const calls = calendly.availabilityCalls.length;
    const past = addDays(localDate(app.t.clock.now().getTime()), -10);
    expect(await askBooking(c.owner.token, botId, { step: 'times', date: past })).toMatchObject({
      ok: false,
    });
    llm.reset();
    expect(await askBooking(c.owner.token, botId, { step: 'times', date: '31.12.2030' })).toEqual({
      ok: false,
      error: 'date must be YYYY-MM-DD',
    });
    expect(calendly.availabilityCalls.length).toBe(calls);
  });

  it('tells the model what Calendly refused', async () => {
    const c = await connectedOwner();
    const gone = await bookingBot(
      c.owner.token,
      c.integrationId,
      'https://api.calendly.com/event_types/gone',
    );
    expect(await askBooking(c.owner.token, gone, { step: 'times' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^Calendly refused: The server could not find/),
    });
  });

  it('gives a single-use link carrying the chat id, which books once', async () => {
    const c = await connectedOwner();
    const botId = await bookingBot(c.owner.token, c.integrationId);
    const result = await askBooking(c.owner.token, botId, { step: 'link' });
    expect(result).toMatchObject({
      ok: true,
      booking_url: expect.stringMatching(/^https:\/\/calendly\.com\/d\//),
    });
    const url = String(result.booking_url);
    expect(new URL(url).searchParams.get('utm_content')).toBe(await chatIdOf(botId));
    await calendly.book(url, { name: 'Иван', email: 'ivan@example.com' });
    await expect(calendly.book(url, { name: 'Иван', email: 'ivan@example.com' })).rejects.toThrow(/used/);
  });
});

describe('Calendly: invitee events in the chat', () => {
  it('writes the booking in its chat once, however often delivered, and its cancellation', async () => {
    const c = await connectedOwner();
    const botId = await bookingBot(c.owner.token, c.integrationId);
    const result = await askBooking(c.owner.token, botId, { step: 'times' });
    const slot = (result.slots as { start: string; label: string; scheduling_url: string }[])[3];
    if (!slot) throw new Error('no slot');
    const before = calendly.deliveries.length;
    const { invitee, delivered } = await calendly.book(slot.scheduling_url, {
      name: 'Мария',
      email: 'm@example.com',
    });
    expect(delivered.every((status) => status === 200)).toBe(true);
    const line = `Запись создана: Консультация, ${slot.label}`;
    expect(await systemLines(c.owner.token, botId)).toEqual([line]);
    for (const record of calendly.deliveries.slice(before))
      expect(await calendly.redeliver(record)).toBe(200);
    expect(await systemLines(c.owner.token, botId)).toEqual([line]);
    const [kept] = await app.t.db.select().from(bookings).where(eq(bookings.externalId, invitee.uri));
    expect(kept).toMatchObject({
      chatId: await chatIdOf(botId),
      state: 'created',
      integrationId: c.integrationId,
    });

    await calendly.cancel(invitee.uri);
    expect(await systemLines(c.owner.token, botId)).toEqual([
      line,
      `Запись отменена: Консультация, ${slot.label}`,
    ]);
    const [cancelled] = await app.t.db.select().from(bookings).where(eq(bookings.externalId, invitee.uri));
    expect(cancelled?.state).toBe('cancelled');
  });

  it('never writes in another account’s chat, whatever the booking link named', async () => {
    const victim = await connectedOwner();
    const victimBot = await bookingBot(victim.owner.token, victim.integrationId);
    await askBooking(victim.owner.token, victimBot, { step: 'link' });
    const victimChat = await chatIdOf(victimBot);
    const attacker = await connectedOwner();
    for (const [uuid, s] of calendly.subscriptions) {
      if (!s.url.endsWith(attacker.integrationId)) calendly.subscriptions.delete(uuid);
    }
    const slot = calendly.freeStarts(new Date(Date.now() + DAY), new Date(Date.now() + 8 * DAY))[0];
    if (!slot) throw new Error('no free time');
    const url = `https://calendly.com/anna-petrova/consultation/${slot.toISOString().replace('.000Z', 'Z')}`;
    const { delivered } = await calendly.book(url, {
      name: 'Злоумышленник',
      email: 'x@example.com',
      utm_content: victimChat,
    });
    expect(delivered).toEqual([200]);
    expect(await systemLines(victim.owner.token, victimBot)).toEqual([]);
  });

  it('refuses a forged or unsigned delivery with 401', async () => {
    const { integrationId } = await connectedOwner();
    const body = JSON.stringify({ event: 'invitee.created', payload: { uri: 'x' } });
    const url = `${app.origin}/api/webhooks/calendly/${integrationId}`;
    const attempts: Record<string, string>[] = [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'calendly-webhook-signature': `t=1,v1=${'0'.repeat(64)}` },
    ];
    for (const headers of attempts) {
      const response = await fetch(url, { method: 'POST', headers, body });
      expect(response.status).toBe(401);
    }
  });
});
