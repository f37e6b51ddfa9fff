import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSalon, startFakeSalon } from '../fakes/yclients';
import { addDays, localDate, localToInstant } from '../fakes/yclients-time';

/** The fake YCLIENTS/Altegio refuses what the real one refuses (reference/messengers.md §3). */

const ZONE = 'Europe/Moscow';
const COMPANY = 101;
const OTHER = 202;
const CUT = 1; // 60 min
const COLOUR = 2; // 120 min
const ANNA = 11; // cut + colour
const BORIS = 12; // cut only

let salon: FakeSalon;
let userToken: string;
let tomorrow: string;

async function freshSalon(options: Parameters<typeof startFakeSalon>[0] = {}) {
  const fake = await startFakeSalon({ rateLimitPerSecond: 10_000, rateLimitPerMinute: 100_000, ...options });
  fake.addCompany({ id: COMPANY, title: 'Салон на Тверской', address: 'Тверская, 1' });
  fake.addCompany({ id: OTHER, title: 'Чужой салон', timezone_name: 'Asia/Yekaterinburg' });
  fake.addService(COMPANY, { id: CUT, title: 'Стрижка', price_min: 1500, seance_length: 3600 });
  fake.addService(COMPANY, {
    id: COLOUR,
    title: 'Окрашивание',
    price_min: 4000,
    price_max: 6000,
    seance_length: 7200,
  });
  fake.addStaff(COMPANY, { id: ANNA, name: 'Анна', specialization: 'Колорист', serviceIds: [CUT, COLOUR] });
  fake.addStaff(COMPANY, { id: BORIS, name: 'Борис', serviceIds: [CUT] });
  fake.setSchedule(COMPANY, ANNA, { from: '10:00', to: '14:00' });
  fake.setSchedule(COMPANY, BORIS, { from: '10:00', to: '12:00' });
  return fake;
}

// A fresh salon for every test: occupied slots and records do not leak between them.
beforeEach(async () => {
  salon = await freshSalon();
  userToken = salon.addUser({
    login: 'owner@salon.ru',
    password: 'secret-1',
    name: 'Ольга',
    companyIds: [COMPANY],
  }).userToken;
  tomorrow = addDays(localDate(ZONE, salon.now().getTime()), 1);
});
afterEach(() => salon.close());

type Json = Record<string, unknown> & { data?: unknown; meta?: unknown; success?: boolean };

async function call(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    auth?: string | null;
    accept?: string | null;
    fake?: FakeSalon;
  } = {},
) {
  const fake = options.fake ?? salon;
  const headers: Record<string, string> = {};
  const accept = options.accept === undefined ? fake.accept : options.accept;
  if (accept !== null) headers.accept = accept;
  const auth = options.auth === undefined ? `Bearer ${fake.partnerToken}, User ${userToken}` : options.auth;
  if (auth !== null) headers.authorization = auth;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${fake.url}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, text, json: (text ? JSON.parse(text) : null) as Json };
}

const partnerOnly = () => `Bearer ${salon.partnerToken}`;
const at = (time: string, date = tomorrow) => `${date}T${time}:00+03:00`;
const appointment = (time: string, staffId = ANNA, services = [CUT], id = 1) => ({
  id,
  services,
  staff_id: staffId,
  datetime: at(time),
});
const codesOf = (json: Json) =>
  ((json.meta as { errors: { code: number }[] }).errors ?? []).map((e) => e.code);
const timesOf = async (staffId: number, services: number[], date = tomorrow) => {
  const query = services.map((id) => `service_ids[]=${id}`).join('&');
  const answer = await call(`/api/v1/book_times/${COMPANY}/${staffId}/${date}?${query}`);
  return (answer.json.data as { time: string }[]).map((slot) => slot.time);
};

describe('fake YCLIENTS: headers and tokens', () => {
  it('wants the flavour vendor Accept on every /api/v1 call', async () => {
    expect((await call(`/api/v1/company/${COMPANY}`, { accept: null })).status).toBe(400);
    expect((await call(`/api/v1/company/${COMPANY}`, { accept: 'application/json' })).status).toBe(400);
    expect((await call(`/api/v1/company/${COMPANY}`, { accept: 'application/vnd.api.v2+json' })).status).toBe(
      400,
    );
    const right = await call(`/api/v1/company/${COMPANY}`);
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject({ success: true, data: { id: COMPANY, title: 'Салон на Тверской' } });
  });

  it('wants one Authorization with the partner token, and a known user token', async () => {
    const denied = { success: false, data: null, meta: { message: 'Authentication needed.', errors: [] } };
    for (const auth of [
      null,
      'Bearer wrong-partner',
      `${salon.partnerToken}`,
      `Bearer ${salon.partnerToken}, User unknown-user`,
      `Bearer ${salon.partnerToken}, Bearer ${salon.partnerToken}`,
      `User ${userToken}`,
    ]) {
      const answer = await call(`/api/v1/company/${COMPANY}`, { auth });
      expect({ auth, status: answer.status, json: answer.json }).toEqual({ auth, status: 401, json: denied });
    }
  });

  it('gives a user token for the right login and password only', async () => {
    const good = await call('/api/v1/auth', {
      body: { login: 'owner@salon.ru', password: 'secret-1' },
      auth: partnerOnly(),
    });
    expect(good.status).toBe(201);
    expect(good.json).toMatchObject({ success: true, data: { user_token: userToken, name: 'Ольга' } });
    const wrong = await call('/api/v1/auth', {
      body: { login: 'owner@salon.ru', password: 'nope' },
      auth: partnerOnly(),
    });
    expect(wrong).toMatchObject({ status: 401, json: { success: false, data: null } });
    expect(
      (await call('/api/v1/auth', { body: { login: 'owner@salon.ru' }, auth: partnerOnly() })).status,
    ).toBe(422);
    expect(
      (await call('/api/v1/auth', { body: { login: 'owner@salon.ru', password: 'secret-1' }, auth: null }))
        .status,
    ).toBe(401);
  });

  it('lists the user’s companies with their time zones, and only with the user token', async () => {
    expect((await call('/api/v1/companies?my=1', { auth: partnerOnly() })).status).toBe(401);
    const mine = await call('/api/v1/companies?my=1');
    expect(mine.json.data).toEqual([
      expect.objectContaining({
        id: COMPANY,
        title: 'Салон на Тверской',
        address: 'Тверская, 1',
        timezone: 3,
        timezone_name: ZONE,
      }),
    ]);
  });
});

describe('fake YCLIENTS: who may read a company', () => {
  it('answers 404 for an unknown company and 403 for a company that is not the user’s', async () => {
    expect((await call('/api/v1/book_services/999')).json).toMatchObject({
      success: false,
      meta: { message: 'Филиал не найден.' },
    });
    expect((await call('/api/v1/book_services/999')).status).toBe(404);
    const foreign = await call(`/api/v1/book_services/${OTHER}`);
    expect(foreign).toMatchObject({
      status: 403,
      json: { success: false, data: null, meta: { message: 'Access denied.' } },
    });
  });

  it('lets the partner token alone read a salon only while its marketplace install is active', async () => {
    const fake = await freshSalon();
    const partner = `Bearer ${fake.partnerToken}`;
    const read = async () => (await call(`/api/v1/book_staff/${COMPANY}`, { fake, auth: partner })).status;
    expect(await read()).toBe(403);
    const hooks = await hookCatcher();
    fake.marketplaceRedirect(COMPANY, { id: 7, name: 'Ольга' });
    expect(fake.salonState(COMPANY)).toBe('pending');
    expect(await read()).toBe(403);
    expect((await activate(fake, { webhook_urls: [hooks.url] })).status).toBe(200);
    expect(await read()).toBe(200);
    await fake.sendMarketplaceEvent(hooks.url, 'freeze', COMPANY);
    expect(await read()).toBe(403);
    fake.marketplaceRedirect(COMPANY, { id: 7, name: 'Ольга' });
    await activate(fake, { webhook_urls: [hooks.url] });
    expect(await read()).toBe(200);
    await fake.sendMarketplaceEvent(hooks.url, 'uninstall', COMPANY);
    expect(fake.salonState(COMPANY)).toBe('uninstalled');
    expect(await read()).toBe(403);
    expect((await activate(fake, { webhook_urls: [hooks.url] })).status).toBe(404); // a new redirect is needed
    await hooks.close();
    await fake.close();
  });
});

describe('fake YCLIENTS: what can be booked', () => {
  it('lists services, optionally of one staff member', async () => {
    const all = await call(`/api/v1/book_services/${COMPANY}`);
    const data = all.json.data as { services: { id: number; price_min: number; seance_length: number }[] };
    expect(data.services).toEqual([
      expect.objectContaining({
        id: CUT,
        title: 'Стрижка',
        price_min: 1500,
        price_max: 1500,
        seance_length: 3600,
      }),
      expect.objectContaining({ id: COLOUR, price_min: 4000, price_max: 6000, seance_length: 7200 }),
    ]);
    const boris = await call(`/api/v1/book_services/${COMPANY}?staff_id=${BORIS}`);
    expect((boris.json.data as typeof data).services.map((s) => s.id)).toEqual([CUT]);
  });

  it('lists only the staff who do every service asked for', async () => {
    const colour = await call(`/api/v1/book_staff/${COMPANY}?service_ids[]=${COLOUR}`);
    expect(colour.json.data).toEqual([
      expect.objectContaining({ id: ANNA, name: 'Анна', specialization: 'Колорист', bookable: true }),
    ]);
    const cut = await call(`/api/v1/book_staff/${COMPANY}?service_ids[]=${CUT}`);
    expect((cut.json.data as { id: number }[]).map((s) => s.id)).toEqual([ANNA, BORIS]);
  });

  it('gives the bookable dates from today over the schedule', async () => {
    const answer = await call(`/api/v1/book_dates/${COMPANY}?service_ids[]=${CUT}&staff_id=${BORIS}`);
    const data = answer.json.data as {
      booking_dates: string[];
      working_dates: string[];
      booking_days: object;
    };
    expect(data.working_dates).toHaveLength(14);
    expect(data.booking_dates).toContain(tomorrow);
    const [, month = '', day = ''] = tomorrow.split('-');
    expect(data.booking_days).toHaveProperty(
      String(Number(month)),
      expect.arrayContaining([String(Number(day))]),
    );
    salon.occupy(COMPANY, BORIS, at('10:00'));
    salon.occupy(COMPANY, BORIS, at('11:00'));
    const full = await call(`/api/v1/book_dates/${COMPANY}?service_ids[]=${CUT}&staff_id=${BORIS}`);
    expect((full.json.data as typeof data).booking_dates).not.toContain(tomorrow);
    expect((full.json.data as typeof data).working_dates).toContain(tomorrow);
  });

  it('gives free times in the salon’s zone, fitting the whole seance, without taken ones, union for staff 0', async () => {
    const first = await call(`/api/v1/book_times/${COMPANY}/${ANNA}/${tomorrow}?service_ids[]=${CUT}`);
    expect((first.json.data as unknown[])[0]).toEqual({
      time: '10:00',
      seance_length: 3600,
      sum_length: 3600,
      datetime: at('10:00'),
    });
    expect(await timesOf(ANNA, [CUT])).toEqual(['10:00', '11:00', '12:00', '13:00']);
    expect(await timesOf(ANNA, [COLOUR])).toEqual(['10:00', '11:00', '12:00']);
    expect(await timesOf(BORIS, [COLOUR])).toEqual([]);
    expect(await timesOf(ANNA, [CUT], addDays(tomorrow, 30))).toEqual([]);
    const anna = await timesOf(ANNA, [COLOUR]);
    expect(anna).toEqual(['10:00', '11:00', '12:00']);
    salon.occupy(COMPANY, ANNA, at('13:00'));
    expect(await timesOf(ANNA, [CUT])).toEqual(['10:00', '11:00', '12:00']);
    expect(await timesOf(ANNA, [COLOUR])).toEqual(['10:00', '11:00']);
    salon.occupy(COMPANY, BORIS, at('10:00'));
    expect(await timesOf(0, [CUT])).toEqual(['10:00', '11:00', '12:00']);
    expect((await call(`/api/v1/book_times/${COMPANY}/999/${tomorrow}`)).status).toBe(404);
    expect((await call(`/api/v1/book_times/${COMPANY}/${ANNA}/tomorrow`)).status).toBe(422);
  });

  it('lets slots in the past disappear as the clock moves', async () => {
    const fake = await freshSalon();
    const day = addDays(localDate(ZONE, fake.now().getTime()), 1);
    const { userToken: token } = fake.addUser({ login: 'u', password: 'p', companyIds: [COMPANY] });
    const auth = `Bearer ${fake.partnerToken}, User ${token}`;
    const list = async () => {
      const answer = await call(`/api/v1/book_times/${COMPANY}/${BORIS}/${day}?service_ids[]=${CUT}`, {
        fake,
        auth,
      });
      return (answer.json.data as { time: string }[]).map((slot) => slot.time);
    };
    expect(await list()).toEqual(['10:00', '11:00']);
    fake.advance(localToInstant(ZONE, day, '10:30') - fake.now().getTime());
    expect(await list()).toEqual(['11:00']);
    await fake.close();
  });
});

describe('fake YCLIENTS: book_check and book_record', () => {
  const check = (appointments: unknown[]) =>
    call(`/api/v1/book_check/${COMPANY}`, { body: { appointments } });
  const book = (body: Record<string, unknown>) =>
    call(`/api/v1/book_record/${COMPANY}`, {
      body: { phone: '79991234567', fullname: 'Иван Петров', notify_by_sms: 1, ...body },
    });

  it('answers an empty 201 for a bookable appointment, and the documented 422 codes otherwise', async () => {
    const fine = await check([appointment('11:00')]);
    expect(fine).toMatchObject({ status: 201, text: '' });
    salon.occupy(COMPANY, ANNA, at('12:00'));
    const busy = await check([appointment('12:00')]);
    expect(busy.status).toBe(422);
    expect(busy.json).toMatchObject({
      success: false,
      data: null,
      meta: { message: expect.stringContaining('Анна (11)'), errors: [{ code: 433, id: 1 }] },
    });
    expect(codesOf((await check([appointment('10:30')])).json)).toEqual([433]); // off the grid
    expect(codesOf((await check([appointment('13:00', ANNA, [COLOUR])])).json)).toEqual([433]); // does not fit
    expect(codesOf((await check([appointment('10:00', BORIS, [COLOUR])])).json)).toEqual([436]);
    salon.occupy(COMPANY, ANNA, at('10:00'));
    salon.occupy(COMPANY, BORIS, at('10:00'));
    expect(codesOf((await check([appointment('10:00', 0)])).json)).toEqual([436]);
    expect((await check([appointment('11:00', 0)])).status).toBe(201);
    const twice = await check([appointment('11:00', ANNA, [CUT], 1), appointment('11:00', ANNA, [CUT], 2)]);
    expect(twice.json.meta).toMatchObject({ errors: [{ code: 437, id: 2 }] });
    expect(codesOf((await check([appointment('11:00', ANNA, [999])])).json)).toEqual([438]);
    expect(codesOf((await check([appointment('11:00', ANNA, [])])).json)).toEqual([422]);
    expect((await check([])).status).toBe(422);
    expect((await check([{ ...appointment('11:00'), datetime: 'tomorrow at 11' }])).status).toBe(422);
  });

  it('books a free time: 201 with record_id and record_hash per appointment, and the time is busy after', async () => {
    const made = await book({ appointments: [appointment('11:00', 0, [CUT], 7)], comment: 'Записан ботом' });
    expect(made.status).toBe(201);
    const [row] = made.json.data as { id: number; record_id: number; record_hash: string }[];
    expect(row).toEqual({
      id: 7,
      record_id: expect.any(Number),
      record_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(salon.records).toEqual([
      expect.objectContaining({
        id: row?.record_id,
        staff_id: ANNA,
        services: [CUT],
        datetime: at('11:00'),
        phone: '79991234567',
        fullname: 'Иван Петров',
        comment: 'Записан ботом',
        notify_by_sms: 1,
        deleted: false,
      }),
    ]);
    expect(await timesOf(ANNA, [CUT])).toEqual(['10:00', '12:00', '13:00']);
    const again = await book({ appointments: [appointment('11:00')] });
    const checked = await check([appointment('11:00')]);
    expect(again.status).toBe(422);
    expect(again.json).toEqual(checked.json);
    expect(codesOf(again.json)).toEqual([433]);
  });

  it('validates the client and the appointments like the real one', async () => {
    const base = { appointments: [appointment('12:00')] };
    expect(codesOf((await book({ ...base, fullname: ' ' })).json)).toEqual([435]);
    expect(codesOf((await book({ ...base, phone: undefined })).json)).toEqual([431]);
    expect(codesOf((await book({ ...base, phone: 'позвоните мне' })).json)).toEqual([431]);
    expect((await book({ appointments: [] })).status).toBe(422);
    expect((await book({})).status).toBe(422);
    expect((await book({ appointments: [{ ...appointment('12:00'), datetime: '12:00' }] })).status).toBe(422);
    salon.blockPhone('+7 999 000-00-01');
    const blocked = await book({ ...base, phone: '79990000001' });
    expect(blocked.status).toBe(403);
    expect(codesOf(blocked.json)).toEqual([434]);
    expect(salon.records).toEqual([]);
  });

  it('answers the same api_id with the earlier record and books nothing new', async () => {
    const first = await book({ api_id: 'bot-7f3a', appointments: [appointment('12:00')] });
    const second = await book({ api_id: 'bot-7f3a', appointments: [appointment('12:00')] });
    expect(second).toEqual(first);
    expect(second.status).toBe(201);
    expect(salon.records).toHaveLength(1);
    const otherId = await book({ api_id: 'bot-other', appointments: [appointment('12:00')] });
    expect(codesOf(otherId.json)).toEqual([433]);
  });

  it('reads a record back by its id and hash, and 404 for a wrong hash', async () => {
    const made = await book({ appointments: [appointment('13:00')] });
    const [row] = made.json.data as { record_id: number; record_hash: string }[];
    const back = await call(`/api/v1/book_record/${COMPANY}/${row?.record_id}/${row?.record_hash}`);
    expect(back.json.data).toMatchObject({
      id: row?.record_id,
      datetime: at('13:00'),
      staff: { id: ANNA, name: 'Анна' },
      services: [{ id: CUT, title: 'Стрижка' }],
      deleted: false,
    });
    const user = await call(`/api/v1/user/records/${row?.record_id}/${row?.record_hash}`);
    expect(user.json.data).toEqual([back.json.data]);
    expect((await call(`/api/v1/book_record/${COMPANY}/${row?.record_id}/0000`)).status).toBe(404);
    expect((await call(`/api/v1/user/records/${row?.record_id}/0000`)).status).toBe(404);
  });
});

describe('fake YCLIENTS: limits and injected failures', () => {
  it('answers 429 beyond 5 calls a second and 200 a minute', async () => {
    const fake = await freshSalon({ rateLimitPerSecond: undefined, rateLimitPerMinute: undefined });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call('/api/v1/companies', { fake, auth: `Bearer ${fake.partnerToken}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await call('/api/v1/companies', { fake, auth: `Bearer ${fake.partnerToken}` });
    expect(limited.json).toMatchObject({ success: false, data: null, meta: { message: expect.any(String) } });
    fake.advance(1000);
    expect((await call('/api/v1/companies', { fake, auth: `Bearer ${fake.partnerToken}` })).status).toBe(200);
    await fake.close();

    const minute = await freshSalon({ rateLimitPerMinute: undefined });
    const many = await Promise.all(
      Array.from({ length: 201 }, () =>
        call('/api/v1/companies', { fake: minute, auth: `Bearer ${minute.partnerToken}` }),
      ),
    );
    expect(many.filter((answer) => answer.status === 429)).toHaveLength(1);
    minute.advance(60_000);
    expect(
      (await call('/api/v1/companies', { fake: minute, auth: `Bearer ${minute.partnerToken}` })).status,
    ).toBe(200);
    await minute.close();
  });

  it('fails the next matching call once, and records every call', async () => {
    salon.failNext(/^\/api\/v1\/book_times\//, 503);
    const failed = await call(`/api/v1/book_times/${COMPANY}/${ANNA}/${tomorrow}`);
    expect(failed.status).toBe(503);
    expect((await call(`/api/v1/book_times/${COMPANY}/${ANNA}/${tomorrow}`)).status).toBe(200);
    expect(salon.calls.at(-1)).toEqual({
      method: 'GET',
      path: `/api/v1/book_times/${COMPANY}/${ANNA}/${tomorrow}`,
      authorization: `Bearer ${salon.partnerToken}, User ${userToken}`,
      body: undefined,
    });
  });
});

async function hookCatcher() {
  const received: { path: string; body: Record<string, unknown> }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(raw) });
      response.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/yclients`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

function activate(
  fake: FakeSalon,
  fields: Record<string, unknown> = {},
  options: { auth?: string; path?: string } = {},
) {
  return call(options.path ?? '/marketplace/partner/callback/redirect', {
    fake,
    accept: null,
    auth: options.auth ?? `Bearer ${fake.partnerToken}`,
    body: {
      salon_id: COMPANY,
      application_id: fake.applicationId,
      api_key: 'key-1',
      webhook_urls: [],
      ...fields,
    },
  });
}

describe('fake YCLIENTS: the marketplace', () => {
  it('signs user_data with HMAC-SHA256 of the partner token, over the decoded JSON or the raw base64', async () => {
    for (const signMode of ['decoded', 'raw'] as const) {
      const fake = await freshSalon({ signMode });
      const link = fake.marketplaceRedirect(COMPANY, {
        id: 7,
        name: 'Ольга',
        email: 'o@salon.ru',
        phone: '79990001122',
      });
      const json = Buffer.from(link.user_data, 'base64').toString('utf8');
      expect(JSON.parse(json)).toEqual({
        id: 7,
        name: 'Ольга',
        email: 'o@salon.ru',
        phone: '79990001122',
        salon_name: 'Салон на Тверской',
      });
      const over = signMode === 'decoded' ? json : link.user_data;
      expect(link).toMatchObject({
        salon_id: String(COMPANY),
        user_data_sign: createHmac('sha256', fake.partnerToken).update(over).digest('hex'),
      });
      await fake.close();
    }
  });

  it('activates within the hour with the right partner token and application only, idempotently', async () => {
    const fake = await freshSalon();
    expect((await activate(fake)).status).toBe(404); // no redirect issued
    fake.marketplaceRedirect(COMPANY, { id: 7, name: 'Ольга' });
    const wrongToken = await activate(fake, {}, { auth: 'Bearer someone-else' });
    expect(wrongToken).toMatchObject({
      status: 401,
      json: { success: false, meta: { message: 'Authentication needed.' } },
    });
    expect((await activate(fake, { application_id: 1 })).status).toBe(403);
    expect((await activate(fake, { salon_id: 'abc' })).status).toBe(422);
    expect((await activate(fake, { webhook_urls: 'https://x' })).status).toBe(422);
    expect(fake.salonState(COMPANY)).toBe('pending');
    const done = await activate(fake, { webhook_urls: ['https://bots.example.ru/hooks/yclients'] });
    expect(done).toMatchObject({ status: 200, json: { success: true } });
    expect(fake.salonState(COMPANY)).toBe('active');
    expect(fake.webhookUrls(COMPANY)).toEqual(['https://bots.example.ru/hooks/yclients']);
    fake.advance(2 * 60 * 60_000);
    expect((await activate(fake, { webhook_urls: ['https://bots.example.ru/hooks/yclients'] })).status).toBe(
      200,
    );
    for (const path of ['/marketplace/partner/callback', '/api/v1/marketplace/partner/callback'])
      expect((await activate(fake, {}, { path })).status).toBe(201);
    await fake.close();
  });

  it('refuses an activation more than an hour after the redirect', async () => {
    const fake = await freshSalon();
    fake.marketplaceRedirect(COMPANY, { id: 7, name: 'Ольга' });
    fake.advance(60 * 60_000 + 1000);
    const late = await activate(fake);
    expect(late).toMatchObject({ status: 422, json: { success: false, data: null } });
    expect(fake.salonState(COMPANY)).toBe('pending');
    fake.marketplaceRedirect(COMPANY, { id: 7, name: 'Ольга' });
    expect((await activate(fake)).status).toBe(200);
    await fake.close();
  });

  it('posts uninstall and freeze with the partner token, and a forged token changes nothing', async () => {
    const fake = await freshSalon();
    const hooks = await hookCatcher();
    fake.marketplaceRedirect(COMPANY, { id: 7, name: 'Ольга' });
    await activate(fake);
    const forged = await fake.sendMarketplaceEvent(hooks.url, 'uninstall', COMPANY, {
      partnerToken: 'forged',
    });
    expect(forged.status).toBe(200);
    expect(fake.salonState(COMPANY)).toBe('active');
    await fake.sendMarketplaceEvent(hooks.url, 'freeze', COMPANY);
    expect(fake.salonState(COMPANY)).toBe('freezed');
    expect(hooks.received.map((hook) => hook.body)).toEqual([
      { salon_id: COMPANY, application_id: fake.applicationId, event: 'uninstall', partner_token: 'forged' },
      {
        salon_id: COMPANY,
        application_id: fake.applicationId,
        event: 'freeze',
        partner_token: fake.partnerToken,
      },
    ]);
    await hooks.close();
    await fake.close();
  });

  it('posts record webhooks with the record, and a delete marks it deleted', async () => {
    const hooks = await hookCatcher();
    const made = await call(`/api/v1/book_record/${COMPANY}`, {
      body: { phone: '79991234567', fullname: 'Иван', appointments: [appointment('11:00', BORIS)] },
    });
    const [row] = made.json.data as { record_id: number }[];
    const id = row?.record_id ?? 0;
    await salon.sendRecordEvent(hooks.url, 'update', id);
    await salon.sendRecordEvent(hooks.url, 'delete', id);
    expect(hooks.received[0]?.body).toMatchObject({
      company_id: COMPANY,
      resource: 'record',
      resource_id: id,
      status: 'update',
      data: {
        id,
        datetime: at('11:00'),
        staff: { name: 'Борис' },
        services: [{ title: 'Стрижка' }],
        deleted: false,
      },
    });
    expect(hooks.received[1]?.body).toMatchObject({ status: 'delete', data: { deleted: true } });
    expect(salon.records.find((record) => record.id === id)?.deleted).toBe(true);
    expect(await timesOf(BORIS, [CUT])).toContain('11:00');
    await hooks.close();
  });
});

describe('fake Altegio', () => {
  it('speaks the same API with its own Accept, English texts and the enveloped book_check 201', async () => {
    const fake = await freshSalon({ flavour: 'altegio' });
    const token = fake.addUser({ login: 'owner@salon.com', password: 'pw', companyIds: [COMPANY] }).userToken;
    const auth = `Bearer ${fake.partnerToken}, User ${token}`;
    expect(fake.accept).toBe('application/vnd.api.v2+json');
    expect(
      (await call(`/api/v1/company/${COMPANY}`, { fake, auth, accept: 'application/vnd.yclients.v2+json' }))
        .status,
    ).toBe(400);
    const day = addDays(localDate(ZONE, fake.now().getTime()), 1);
    const body = {
      appointments: [{ id: 1, services: [CUT], staff_id: BORIS, datetime: `${day}T10:00:00+03:00` }],
    };
    const fine = await call(`/api/v1/book_check/${COMPANY}`, { fake, auth, body });
    expect(fine).toMatchObject({
      status: 201,
      json: { success: true, data: null, meta: { message: 'Created' } },
    });
    fake.occupy(COMPANY, BORIS, `${day}T10:00:00+03:00`);
    const busy = await call(`/api/v1/book_check/${COMPANY}`, { fake, auth, body });
    expect(busy.json.meta).toMatchObject({
      message: expect.stringContaining('Team Member Борис (12)'),
      errors: [{ code: 433 }],
    });
    await fake.close();
  });
});
