import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, chats, historyEntries, messages } from '../../db/schema';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeTelegram, startFakeTelegram } from '../fakes/telegram';
import { type FakeSalon, startFakeSalon } from '../fakes/yclients';
import { signedInUser } from './support/client';
import { createWorkingBot, fakeLlm, LLM_KEY } from './support/engine';
import { listeningTestApp } from './support/listening-app';
import { telegramTestbed } from './support/telegram';

/**
 * YCLIENTS and Altegio (issue #22 §1) against the fake salon: the marketplace install confirmed
 * and activated, the login connection, and a Telegram customer booked through the bot's tools —
 * real free times, one record however often the answer is retried, a busy time answered with the
 * free ones — with the record's later news in the dialogue.
 */

const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';
const SALON = 101;
const HAIRCUT = 1;
const ANNA = 7;
const PUBLIC_URL = 'https://bots.example.com';

let llm: FakeOpenAi;
let salon: FakeSalon;
let altegio: FakeSalon;
let telegram: FakeTelegram;

const app = listeningTestApp(async () => {
  [llm, salon, altegio, telegram] = await Promise.all([
    startFakeOpenAi({ apiKey: LLM_KEY }),
    startFakeSalon(),
    startFakeSalon({ flavour: 'altegio', partnerToken: 'altegio-partner-1', applicationId: 77 }),
    startFakeTelegram(),
  ]);
  return {
    llm: fakeLlm(llm),
    settings: {
      // Telegram takes https webhooks only; the salon's webhooks reach the listening app (reachable below).
      publicUrl: PUBLIC_URL,
      allowPrivateAddresses: true,
      apiRoots: { yclients: salon.url, altegio: altegio.url, telegram: telegram.url },
      oauthClients: {
        yclients: { id: String(salon.applicationId), secret: salon.partnerToken },
        altegio: { id: String(altegio.applicationId), secret: altegio.partnerToken },
      },
    },
  };
});

let bed: ReturnType<typeof telegramTestbed>;

beforeAll(() => {
  bed = telegramTestbed(app.t, app.call, telegram);
  salon.addCompany({ id: SALON, title: 'Ромашка на Тверской', address: 'Тверская, 1' });
  salon.addService(SALON, {
    id: HAIRCUT,
    title: 'Стрижка',
    price_min: 1500,
    price_max: 2000,
    seance_length: 3600,
  });
  salon.addStaff(SALON, { id: ANNA, name: 'Анна', serviceIds: [HAIRCUT] });
  salon.setSchedule(SALON, ANNA, { from: '10:00', to: '20:00' });
});

afterAll(async () => {
  await Promise.all([llm?.close(), salon?.close(), altegio?.close(), telegram?.close()]);
});

/** The salon's calendar date `days` after the fake's today, in Moscow. */
const salonDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
    new Date(salon.now().getTime() + days * 86_400_000),
  );

async function addSalon(token: string, type: string, connectionData: Record<string, unknown>) {
  const created = await app.call('POST', '/api/integrations', {
    token,
    body: { type, connection_data: connectionData },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.id as string;
  const connected = await app.call('POST', `/api/integrations/connect/${id}`, { token });
  return { id, connected };
}

/** An owner whose salon came from the marketplace: confirmed and activated. */
async function marketplaceOwner(salonId = SALON) {
  const owner = await signedInUser(app.t);
  const link = salon.marketplaceRedirect(salonId, { id: 5, name: 'Ольга Админ' });
  const { id, connected } = await addSalon(owner.token, 'yclients', link);
  expect(connected.status, JSON.stringify(connected.json)).toBe(200);
  return { owner, integrationId: id, view: connected.json };
}

/** The owner's Telegram bot, connected, as the testbed's customer writes to it. */
async function telegramOf(owner: Awaited<ReturnType<typeof signedInUser>>) {
  const tg = telegram.addBot(`salon_${crypto.randomUUID().slice(0, 8)}_bot`, 'Салон');
  const integrationId = await bed.addTelegram(owner, tg.token);
  const connected = await app.call('POST', `/api/integrations/connect/${integrationId}`, {
    token: owner.token,
  });
  expect(connected.status).toBe(200);
  const secret = telegram.webhookOf(tg.token)?.secretToken;
  if (!secret) throw new Error('no webhook secret');
  return { owner, tg, integrationId, secret, botId: null, view: connected.json };
}

const toolResults = (request: number) =>
  ((llm.bodies[request]?.messages ?? []) as { role: string; content: string }[])
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.parse(message.content));

describe('connecting a salon', () => {
  it('confirms a marketplace install, activates it within the hour and learns the branch', async () => {
    const { integrationId, view } = await marketplaceOwner();
    expect(view.connected).toBe(true);
    expect(view.connection_data).toMatchObject({
      via: 'marketplace',
      salon_ids: [String(SALON)],
      salon_name: 'Ромашка на Тверской',
      user_name: 'Ольга Админ',
      branches: [
        {
          id: String(SALON),
          title: 'Ромашка на Тверской',
          address: 'Тверская, 1',
          time_zone: 'Europe/Moscow',
        },
      ],
    });
    expect(JSON.stringify(view)).not.toContain('webhook_secret');
    expect(salon.salonState(SALON)).toBe('active');
    const [hook] = salon.webhookUrls(SALON);
    expect(hook).toMatch(new RegExp(`^${PUBLIC_URL}/api/webhooks/yclients/${integrationId}\\?secret=.{20,}`));
  });

  it('refuses a forged signature, a link older than an hour and a salon another account has', async () => {
    const owner = await signedInUser(app.t);
    salon.addCompany({ id: 202, title: 'Лилия' });
    const link = salon.marketplaceRedirect(202, { id: 6, name: 'Пётр' });
    const forged = await addSalon(owner.token, 'yclients', { ...link, user_data_sign: 'a'.repeat(64) });
    expect(forged.connected.status).toBe(422);
    expect(forged.connected.json.message).toBe(CONNECT_FAILED);
    expect(salon.salonState(202)).toBe('pending');

    salon.addCompany({ id: 303, title: 'Астра' });
    const late = salon.marketplaceRedirect(303, { id: 7, name: 'Анна' });
    salon.advance(61 * 60_000);
    expect((await addSalon(owner.token, 'yclients', late)).connected.status).toBe(422);
    expect(salon.salonState(303)).not.toBe('active');

    // A replayed link of a salon connected in another account joins nobody else.
    await marketplaceOwner(202);
    const replay = await addSalon(
      owner.token,
      'yclients',
      salon.marketplaceRedirect(202, { id: 6, name: 'Пётр' }),
    );
    expect(replay.connected.status).toBe(422);
  });

  it("connects Altegio with a user login: the branches are the user's salons", async () => {
    altegio.addCompany({ id: 11, title: 'Studio One', address: 'Main st 1', timezone_name: 'Asia/Almaty' });
    altegio.addCompany({ id: 12, title: 'Studio Two', timezone_name: 'Asia/Almaty' });
    altegio.addUser({
      login: 'admin@studio.kz',
      password: 'secret-pass',
      name: 'Aigerim',
      companyIds: [11, 12],
    });
    const owner = await signedInUser(app.t);
    const bad = await addSalon(owner.token, 'altegio', { login: 'admin@studio.kz', password: 'wrong' });
    expect(bad.connected.status).toBe(422);
    const good = await addSalon(owner.token, 'altegio', {
      login: 'admin@studio.kz',
      password: 'secret-pass',
    });
    expect(good.connected.status, JSON.stringify(good.connected.json)).toBe(200);
    expect(good.connected.json.connection_data).toMatchObject({
      via: 'login',
      salon_ids: ['11', '12'],
      branches: [
        { id: '11', title: 'Studio One', time_zone: 'Asia/Almaty' },
        { id: '12', title: 'Studio Two', time_zone: 'Asia/Almaty' },
      ],
    });
    expect(JSON.stringify(good.connected.json)).not.toContain('secret-pass');
    expect(JSON.stringify(good.connected.json)).not.toContain('user_token');
    const services = await app.call('GET', `/api/integrations/${good.id}/booking/services?branch_id=11`, {
      token: owner.token,
    });
    expect(services.status, JSON.stringify(services.json)).toBe(200);
    expect(services.json.services).toEqual([]);
  });

  it("lists a branch's services for the settings, and another account's salon is 404", async () => {
    salon.addCompany({ id: 404, title: 'Фиалка' });
    salon.addService(404, { id: HAIRCUT, title: 'Стрижка', price_min: 900, seance_length: 1800 });
    const { owner, integrationId } = await marketplaceOwner(404);
    const branch = (await app.call('GET', `/api/integrations/${integrationId}`, { token: owner.token })).json
      .connection_data.branches[0].id;
    const services = await app.call(
      'GET',
      `/api/integrations/${integrationId}/booking/services?branch_id=${branch}`,
      {
        token: owner.token,
      },
    );
    expect(services.status, JSON.stringify(services.json)).toBe(200);
    expect(services.json.services[0]).toMatchObject({ id: '1', title: 'Стрижка' });
    const stranger = await signedInUser(app.t);
    for (const path of [
      `/api/integrations/${integrationId}`,
      `/api/integrations/${integrationId}/booking/services?branch_id=${branch}`,
    ]) {
      expect((await app.call('GET', path, { token: stranger.token })).status).toBe(404);
    }
  });
});

describe('booking through the bot', () => {
  it('a Telegram customer gets real free times and is booked once, also when the answer is retried', async () => {
    salon.addCompany({ id: 505, title: 'Ромашка на Арбате', address: 'Арбат, 5' });
    salon.addService(505, { id: HAIRCUT, title: 'Стрижка', price_min: 1500, seance_length: 3600 });
    salon.addStaff(505, { id: ANNA, name: 'Анна', serviceIds: [HAIRCUT] });
    salon.setSchedule(505, ANNA, { from: '10:00', to: '20:00' });
    const { owner, integrationId } = await marketplaceOwner(505);
    const tg = await telegramOf(owner);
    const botId = await createWorkingBot(app.call, owner.token, {
      conditions: { channels: [tg.integrationId] },
      process_scheme: 'instant',
      actions_enable: true,
      actions: [
        {
          name: 'Филиалы',
          description: 'Филиалы салона',
          goal_prompt: 'Когда нужно выбрать филиал',
          type: 'get_branches',
          settings: { integration_id: integrationId, branches: ['505'] },
        },
        {
          name: 'Записать клиента',
          description: 'Записывает клиента',
          goal_prompt: 'Когда клиент выбрал время и подтвердил',
          type: 'booking',
          settings: { integration_id: integrationId, notify_by_sms: true, comment: 'Записан ботом' },
        },
      ],
    });
    expect(botId).toBeTruthy();
    const tomorrow = salonDate(1);

    llm.reset();
    llm.queue(
      {
        kind: 'tool_calls',
        calls: [{ name: 'booking_2', arguments: { step: 'times', service_id: '1', date: tomorrow } }],
      },
      { kind: 'text', text: 'Завтра свободно в 10:00, 11:00 и позже. Какое время удобно?' },
    );
    await bed.customerWrites(tg, 4242, 'Хочу подстричься завтра');
    await app.t.jobs.runDue();
    const [times] = toolResults(1);
    expect(times).toMatchObject({ ok: true, service: 'Стрижка', date: tomorrow, time_zone: 'Europe/Moscow' });
    const slot = times.times.find((time: { datetime: string }) => time.datetime.includes('T15:00'));
    expect(slot).toMatchObject({ datetime: `${tomorrow}T15:00:00+03:00` });
    expect(slot.label).toMatch(/15:00$/);

    llm.reset();
    const book = {
      name: 'booking_2',
      arguments: {
        step: 'book',
        service_id: '1',
        staff_id: String(ANNA),
        datetime: slot.datetime,
        name: 'Иван',
        phone: '+7 (999) 123-45-67',
      },
    };
    llm.queue(
      { kind: 'tool_calls', calls: [book] },
      { kind: 'error', status: 503 },
      { kind: 'tool_calls', calls: [book] },
      { kind: 'text', text: 'Готово, записала вас на 15:00!' },
    );
    await bed.customerWrites(tg, 4242, 'Давайте в 15:00. Иван, +7 999 123-45-67');
    await app.t.jobs.runDue();
    app.t.clock.advance(10_000);
    await app.t.jobs.runDue();
    // The model's second call (after the outage) asked for the same booking again.
    expect(llm.pending).toBe(0);

    const made = salon.records.filter((record) => record.company_id === 505);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      staff_id: ANNA,
      services: [HAIRCUT],
      phone: '79991234567',
      fullname: 'Иван',
      comment: 'Записан ботом',
      notify_by_sms: 1,
    });
    expect(made[0]?.datetime).toBe(slot.datetime);
    expect(telegram.sentTexts(tg.tg.token, 4242)).toContain('Готово, записала вас на 15:00!');
    expect(telegram.sentTexts(tg.tg.token, 4242).join('\n')).not.toContain('Запись создана');

    const [chat] = await app.t.db.select().from(chats).where(eq(chats.botId, botId));
    if (!chat) throw new Error('no chat');
    const lines = await app.t.db.select().from(messages).where(eq(messages.chatId, chat.id));
    const system = lines.filter((line) => line.author === 'system').map((line) => line.text);
    expect(system).toEqual([`Запись создана: Стрижка, ${slot.label}, мастер Анна`]);
    const history = await app.t.db.select().from(historyEntries).where(eq(historyEntries.chatId, chat.id));
    expect(history.flatMap((row) => row.actions)).toContainEqual(
      expect.objectContaining({ type: 'booking', ok: true, detail: `Стрижка, ${slot.label}, мастер Анна` }),
    );

    // The salon moves the visit: the record webhook tells the dialogue, once however often it comes.
    const record = made[0];
    if (!record) throw new Error('no record');
    record.datetime = `${tomorrow}T17:00:00+03:00`;
    const [registered] = salon.webhookUrls(505);
    if (!registered) throw new Error('no record webhook registered');
    const hook = registered.replace(PUBLIC_URL, app.origin);
    for (let i = 0; i < 2; i++)
      expect((await salon.sendRecordEvent(hook, 'update', record.id)).status).toBe(200);
    expect((await salon.sendRecordEvent(hook, 'delete', record.id)).status).toBe(200);
    const after = await app.t.db.select().from(messages).where(eq(messages.chatId, chat.id));
    const notes = after.filter((line) => line.author === 'system').map((line) => line.text);
    expect(notes).toHaveLength(3);
    expect(notes[1]).toMatch(/^Запись изменена: Стрижка, .*17:00, мастер Анна$/);
    expect(notes[2]).toMatch(/^Запись отменена: /);
    const [booking] = await app.t.db.select().from(bookings).where(eq(bookings.chatId, chat.id));
    expect(booking?.state).toBe('cancelled');
    const forged = await fetch(hook.replace(/secret=[^&]+/, 'secret=wrong'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company_id: 505,
        resource: 'record',
        resource_id: record.id,
        status: 'delete',
        data: {},
      }),
    });
    expect(forged.status).toBe(401);
  });

  it('offers the branches, the allowed services and their masters; a taken time is answered with the free ones', async () => {
    salon.addCompany({ id: 606, title: 'Ромашка на Пресне', address: 'Пресня, 6' });
    salon.addService(606, {
      id: HAIRCUT,
      title: 'Стрижка',
      price_min: 1500,
      price_max: 2000,
      seance_length: 3600,
    });
    salon.addService(606, { id: 2, title: 'Окрашивание', price_min: 5000, seance_length: 7200 });
    salon.addStaff(606, { id: ANNA, name: 'Анна', specialization: 'стилист', serviceIds: [HAIRCUT, 2] });
    salon.addStaff(606, { id: 8, name: 'Олег', serviceIds: [2] });
    salon.setSchedule(606, ANNA, { from: '10:00', to: '20:00' });
    const { owner, integrationId } = await marketplaceOwner(606);
    const botId = await createWorkingBot(app.call, owner.token, {
      conditions: { channels: ['check'] },
      process_scheme: 'instant',
      actions_enable: true,
      actions: [
        {
          name: 'Филиалы',
          description: 'Филиалы',
          goal_prompt: 'Когда нужен адрес',
          type: 'get_branches',
          settings: { integration_id: integrationId, branches: ['606'] },
        },
        {
          name: 'Записать',
          description: 'Записывает',
          goal_prompt: 'Когда клиент подтвердил',
          // The bot may book haircuts only.
          type: 'booking',
          settings: { integration_id: integrationId, branch_id: '606', service_ids: ['1'] },
        },
      ],
    });
    const day = salonDate(2);
    const taken = `${day}T16:00:00+03:00`;
    salon.occupy(606, ANNA, taken);
    // A 429 on the way is waited out, not failed.
    salon.failNext(/book_times/, 429);
    const book = (serviceId: string) => ({
      name: 'booking_2',
      arguments: {
        step: 'book',
        service_id: serviceId,
        staff_id: String(ANNA),
        datetime: taken,
        name: 'Ольга',
        phone: '89161234567',
      },
    });
    llm.reset();
    llm.queue(
      {
        kind: 'tool_calls',
        calls: [
          { name: 'get_branches_1', arguments: {} },
          { name: 'booking_2', arguments: { step: 'services' } },
          { name: 'booking_2', arguments: { step: 'staff', service_id: '1' } },
          book('2'),
          book('1'),
        ],
      },
      { kind: 'text', text: 'Это время уже занято, свободно в 15:00 и 17:00' },
    );
    const sent = await app.call('POST', '/api/check/messages', {
      token: owner.token,
      body: { bot_id: botId, text: 'Запишите на стрижку на 16:00' },
    });
    expect(sent.status).toBe(202);
    await app.t.jobs.runDue();
    const [branches, services, staff, notAllowed, busy] = toolResults(1);
    expect(branches).toMatchObject({
      ok: true,
      branches: [{ id: '606', title: 'Ромашка на Пресне', address: 'Пресня, 6', time_zone: 'Europe/Moscow' }],
    });
    expect(services).toEqual({
      ok: true,
      branch: 'Ромашка на Пресне',
      services: [{ id: '1', title: 'Стрижка', price_min: 1500, price_max: 2000, duration_minutes: 60 }],
    });
    expect(staff).toMatchObject({
      ok: true,
      service: 'Стрижка',
      staff: [{ id: String(ANNA), name: 'Анна', specialization: 'стилист' }],
    });
    expect(notAllowed).toMatchObject({ ok: false });
    expect(busy).toMatchObject({ ok: false, error: 'time_busy' });
    const free = busy.free_times.map((time: { datetime: string }) => time.datetime);
    expect(free).toContain(`${day}T15:00:00+03:00`);
    expect(free).toContain(`${day}T17:00:00+03:00`);
    expect(free).not.toContain(taken);
    expect(salon.records.filter((record) => record.company_id === 606)).toHaveLength(0);
  });
});

describe('the marketplace lets go', () => {
  it('an uninstall with our partner token disconnects the salon; a forged one changes nothing', async () => {
    salon.addCompany({ id: 707, title: 'Ромашка в Химках' });
    const { owner, integrationId } = await marketplaceOwner(707);
    const url = `${app.origin}/api/webhooks/yclients/marketplace`;
    expect((await salon.sendMarketplaceEvent(url, 'uninstall', 707, { partnerToken: 'forged' })).status).toBe(
      401,
    );
    const still = await app.call('GET', `/api/integrations/${integrationId}`, { token: owner.token });
    expect(still.json.connected).toBe(true);
    expect((await salon.sendMarketplaceEvent(url, 'uninstall', 707)).status).toBe(200);
    const gone = await app.call('GET', `/api/integrations/${integrationId}`, { token: owner.token });
    expect(gone.json.connected).toBe(false);
    expect(salon.salonState(707)).toBe('uninstalled');
  });
});
