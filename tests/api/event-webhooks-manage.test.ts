import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { accounts, eventWebhookDeliveries, eventWebhookEndpoints } from '../../db/schema';
import { openSecret } from '../../functions/secrets/secret-box';
import {
  EVENT_TYPES,
  EVENT_WEBHOOK_DELIVERIES_PAGE_SIZE,
  EVENT_WEBHOOK_SECRET_LABEL,
  MAX_EVENT_WEBHOOK_ENDPOINTS,
} from '../../functions/shared/event-webhooks';
import { createTestApp } from '../support/test-app';
import { apiClient, sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();
const URL_OK = 'https://hooks.example.com/events';

async function owner(language = 'ru') {
  const user = await signedInUser(api.t, { language });
  const [account] = await api.t.db.select().from(accounts).where(eq(accounts.email, user.email));
  if (!account) throw new Error('no account');
  const create = (body: unknown, token = user.token) =>
    api.call('POST', '/api/event-webhooks', { token, body });
  return { ...user, accountId: account.id, create };
}

/** Deliveries of an endpoint written as the producing side writes them; the oldest first. */
async function insertDeliveries(endpointId: string, accountId: string, n: number, status = 'delivered') {
  const now = api.t.clock.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: `msg_test_${endpointId.slice(0, 8)}_${i}`,
    endpointId,
    accountId,
    event: 'message.answered',
    body: '{}',
    status: status as 'delivered' | 'failed' | 'pending',
    attempts: 3,
    lastStatus: status === 'failed' ? 500 : 200,
    lastError: status === 'failed' ? 'HTTP 500' : null,
    nextAttemptAt: now,
    createdAt: new Date(now.getTime() + i * 1000),
    deliveredAt: status === 'delivered' ? now : null,
  }));
  for (const row of rows) await api.t.db.insert(eventWebhookDeliveries).values(row);
  return rows.map((row) => row.id);
}

describe('event webhooks: managing endpoints', () => {
  it('shows the Standard Webhooks secret once, stores it sealed, and never answers it again', async () => {
    const user = await owner();
    const created = await user.create({ url: ` ${URL_OK} `, events: ['message.answered', 'chat.created'] });
    expect(created.status).toBe(201);
    const secret: string = created.json.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.json.endpoint).toMatchObject({
      url: URL_OK,
      events: ['chat.created', 'message.answered'],
      enabled: true,
      disabledAt: null,
      failingSince: null,
    });
    // The receivers' library takes it as is.
    const signed = new Webhook(secret).sign('msg_1', new Date(), '{"a":1}');
    expect(signed).toMatch(/^v1,/);

    const list = await api.call('GET', '/api/event-webhooks', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.json.endpoints).toEqual([created.json.endpoint]);
    expect(JSON.stringify(list.json)).not.toContain(secret);
    expect(JSON.stringify(list.json)).not.toContain(secret.slice(6));

    const [row] = await api.t.db
      .select()
      .from(eventWebhookEndpoints)
      .where(eq(eventWebhookEndpoints.id, created.json.endpoint.id));
    if (!row) throw new Error('no row');
    expect(row.secretSealed).not.toContain(secret.slice(6));
    expect(
      await openSecret(api.t.settings.secretsKey, EVENT_WEBHOOK_SECRET_LABEL, JSON.parse(row.secretSealed)),
    ).toBe(secret);
    const patched = await api.call('PATCH', `/api/event-webhooks/${row.id}`, {
      token: user.token,
      body: { events: ['balance.low'] },
    });
    expect(JSON.stringify(patched.json)).not.toContain(secret.slice(6));
  });

  it('refuses a missing or unusable address and an empty or unknown event list, field by field, in ru and en', async () => {
    const ru = await owner();
    const en = await owner('en');
    const refused = async (body: unknown, lang?: 'en') => {
      const token = lang === 'en' ? en.token : ru.token;
      const answer = await api.call('POST', '/api/event-webhooks', { token, body });
      expect(answer.status).toBe(422);
      return answer.json;
    };
    expect((await refused({ events: ['chat.created'] })).fields).toEqual({
      url: 'Укажите адрес, на который отправлять события',
    });
    expect((await refused({ url: '', events: [] }, 'en')).fields).toEqual({
      url: 'Enter the address to send the events to',
      events: 'Choose at least one event',
    });
    expect((await refused({ url: URL_OK, events: ['order.shipped'] }, 'en')).fields).toEqual({
      'events.0': 'Invalid value',
    });
    expect((await refused({ url: URL_OK, events: 'chat.created' }, 'en')).fields).toEqual({
      events: 'Invalid value',
    });
    const internet = 'Enter an address like https://example.com/path that can be reached from the internet';
    for (const url of [
      'hooks.example.com/events',
      'ftp://hooks.example.com/',
      'https://user:pass@hooks.example.com/',
      'http://hooks.example.com/events',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://[::1]/hook',
      'https://hooks.example.com:8443/hook',
    ]) {
      const answer = await refused({ url, events: ['chat.created'] }, 'en');
      expect(answer.fields, url).toEqual({ url: internet });
    }
    expect(
      (await refused({ url: `https://a.example.com/${'x'.repeat(2100)}`, events: ['chat.created'] })).fields,
    ).toEqual({ url: 'Слишком длинное значение' });
    for (const user of [ru, en])
      expect((await api.call('GET', '/api/event-webhooks', { token: user.token })).json.endpoints).toEqual(
        [],
      );
  });

  it('accepts plain http and a private address where the installation allows them, as the API channel does', async () => {
    const t = await createTestApp({ settings: { allowPrivateAddresses: true } });
    try {
      const user = await signedInUser(t);
      const answer = await apiClient(t)('POST', '/api/event-webhooks', {
        token: user.token,
        body: { url: 'http://127.0.0.1:8080/hook', events: EVENT_TYPES },
      });
      expect(answer.status).toBe(201);
      expect(answer.json.endpoint.events).toEqual([...EVENT_TYPES]);
    } finally {
      await t.close();
    }
  });

  it(`stops at ${MAX_EVENT_WEBHOOK_ENDPOINTS} endpoints with a clear message`, async () => {
    const user = await owner();
    for (let i = 0; i < MAX_EVENT_WEBHOOK_ENDPOINTS; i++)
      expect((await user.create({ url: `${URL_OK}/${i}`, events: ['chat.created'] })).status).toBe(201);
    const extra = await user.create({ url: URL_OK, events: ['chat.created'] });
    expect(extra.status).toBe(422);
    expect(extra.json).toEqual({
      code: 'event_webhooks_limit',
      message: `Достигнут лимит вебхуков событий: ${MAX_EVENT_WEBHOOK_ENDPOINTS}`,
    });
  });

  it('edits the address and events, switches off and on; switching on clears "switched off" and "failing since"', async () => {
    const user = await owner();
    const { id } = (await user.create({ url: URL_OK, events: ['chat.created'] })).json.endpoint;
    const edit = (body: unknown) =>
      api.call('PATCH', `/api/event-webhooks/${id}`, { token: user.token, body });

    const edited = await edit({
      url: 'https://other.example.com/in',
      events: ['bot.stopped', 'bot.stopped'],
    });
    expect(edited.status).toBe(200);
    expect(edited.json.endpoint).toMatchObject({
      url: 'https://other.example.com/in',
      events: ['bot.stopped'],
    });
    expect((await edit({ url: 'https://192.168.0.5/' })).status).toBe(422);
    expect((await edit({ events: [] })).json.fields).toEqual({ events: 'Выберите хотя бы одно событие' });
    expect((await edit({ enabled: 'yes' })).status).toBe(422);
    expect((await edit({})).json.endpoint.url).toBe('https://other.example.com/in');

    // Switched off by the delivering side after failing for a day.
    const since = new Date('2026-01-01T00:00:00Z');
    const off = new Date('2026-01-02T00:00:00Z');
    await api.t.db
      .update(eventWebhookEndpoints)
      .set({ enabled: false, disabledAt: off, failingSince: since })
      .where(eq(eventWebhookEndpoints.id, id));
    const listed = await api.call('GET', '/api/event-webhooks', { token: user.token });
    expect(listed.json.endpoints[0]).toMatchObject({
      enabled: false,
      disabledAt: off.toISOString(),
      failingSince: since.toISOString(),
    });
    // An edit that does not switch it on leaves it off.
    expect((await edit({ events: ['chat.created'] })).json.endpoint).toMatchObject({
      enabled: false,
      disabledAt: off.toISOString(),
    });
    const on = await edit({ enabled: true });
    expect(on.json.endpoint).toMatchObject({ enabled: true, disabledAt: null, failingSince: null });

    // The owner's own switch: off, with no "switched off after failing" time.
    expect((await edit({ enabled: false })).json.endpoint).toMatchObject({
      enabled: false,
      disabledAt: null,
    });
  });

  it('deletes an endpoint with its deliveries', async () => {
    const user = await owner();
    const { id } = (await user.create({ url: URL_OK, events: ['chat.created'] })).json.endpoint;
    await insertDeliveries(id, user.accountId, 2);
    expect((await api.call('DELETE', `/api/event-webhooks/${id}`, { token: user.token })).status).toBe(204);
    expect((await api.call('GET', '/api/event-webhooks', { token: user.token })).json.endpoints).toEqual([]);
    const left = await api.t.db
      .select()
      .from(eventWebhookDeliveries)
      .where(eq(eventWebhookDeliveries.endpointId, id));
    expect(left).toEqual([]);
    expect((await api.call('DELETE', `/api/event-webhooks/${id}`, { token: user.token })).status).toBe(404);
  });

  it('the account is marked as having endpoints from its first until its last is deleted', async () => {
    const user = await owner();
    const marked = async () =>
      (await api.t.db.select().from(accounts).where(eq(accounts.id, user.accountId)))[0]?.hasEventWebhooks;
    expect(await marked()).toBe(false);
    const first = (await user.create({ url: URL_OK, events: ['chat.created'] })).json.endpoint.id;
    const second = (await user.create({ url: URL_OK, events: ['message.received'] })).json.endpoint.id;
    expect(await marked()).toBe(true);
    expect((await api.call('DELETE', `/api/event-webhooks/${first}`, { token: user.token })).status).toBe(
      204,
    );
    await api.call('PATCH', `/api/event-webhooks/${second}`, { token: user.token, body: { enabled: false } });
    expect(await marked()).toBe(true);
    expect((await api.call('DELETE', `/api/event-webhooks/${second}`, { token: user.token })).status).toBe(
      204,
    );
    expect(await marked()).toBe(false);
  });

  it('lists deliveries newest first, a page at a time, and refuses a bad page', async () => {
    const user = await owner();
    const { id } = (await user.create({ url: URL_OK, events: ['message.answered'] })).json.endpoint;
    const n = EVENT_WEBHOOK_DELIVERIES_PAGE_SIZE + 3;
    const ids = await insertDeliveries(id, user.accountId, n);
    const page = (q: string) =>
      api.call('GET', `/api/event-webhooks/${id}/deliveries${q}`, { token: user.token });

    const first = await page('');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ total: n, page: 1, pageSize: EVENT_WEBHOOK_DELIVERIES_PAGE_SIZE });
    expect(first.json.deliveries.map((d: { id: string }) => d.id)).toEqual(
      ids.slice().reverse().slice(0, EVENT_WEBHOOK_DELIVERIES_PAGE_SIZE),
    );
    expect(first.json.deliveries[0]).toEqual({
      id: ids[n - 1],
      event: 'message.answered',
      status: 'delivered',
      attempts: 3,
      lastStatus: 200,
      lastError: null,
      createdAt: expect.any(String),
      nextAttemptAt: null,
      deliveredAt: expect.any(String),
    });
    expect(first.json.deliveries[0]).not.toHaveProperty('body');
    const second = await page('?page=2');
    expect(second.json.deliveries.map((d: { id: string }) => d.id)).toEqual(ids.slice(0, 3).reverse());
    expect((await page('?page=9')).json.deliveries).toEqual([]);
    for (const bad of ['?page=0', '?page=-1', '?page=abc', '?page=1.5']) {
      const answer = await page(bad);
      expect(answer.status, bad).toBe(422);
      expect(answer.json.fields).toEqual({ page: 'Некорректное значение' });
    }
  });

  it('resends a delivered or failed delivery: 202, and the row is pending again with the same id', async () => {
    const user = await owner();
    const { id } = (await user.create({ url: URL_OK, events: ['message.answered'] })).json.endpoint;
    const [failed] = await insertDeliveries(id, user.accountId, 1, 'failed');
    const answer = await api.call('POST', `/api/event-webhooks/${id}/deliveries/${failed}/resend`, {
      token: user.token,
    });
    expect(answer.status).toBe(202);
    expect(answer.json.delivery).toMatchObject({
      id: failed,
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    const [row] = await api.t.db
      .select()
      .from(eventWebhookDeliveries)
      .where(eq(eventWebhookDeliveries.id, failed ?? ''));
    expect(row?.status).toBe('pending');
    // Pending already: it is on its way, answered as it is.
    const again = await api.call('POST', `/api/event-webhooks/${id}/deliveries/${failed}/resend`, {
      token: user.token,
    });
    expect(again.status).toBe(202);
    expect(again.json.delivery.status).toBe('pending');
    const unknown = await api.call('POST', `/api/event-webhooks/${id}/deliveries/msg_nothing/resend`, {
      token: user.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Отправка не найдена');
  });

  it("another account's endpoint and its deliveries answer 404 and are left untouched", async () => {
    const mine = await owner();
    const stranger = await owner();
    const { id } = (await mine.create({ url: URL_OK, events: ['chat.created'] })).json.endpoint;
    const [delivery] = await insertDeliveries(id, mine.accountId, 1, 'failed');
    const tries = [
      ['PATCH', `/api/event-webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/event-webhooks/${id}`, undefined],
      ['GET', `/api/event-webhooks/${id}/deliveries`, undefined],
      ['POST', `/api/event-webhooks/${id}/deliveries/${delivery}/resend`, undefined],
      ['PATCH', '/api/event-webhooks/not-a-uuid', { enabled: false }],
      ['GET', "/api/event-webhooks/1'or'1'='1/deliveries", undefined],
    ] as const;
    for (const [method, path, body] of tries) {
      const answer = await api.call(method, path, { token: stranger.token, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.json).toEqual({ code: 'not_found', message: 'Вебхук не найден' });
    }
    // The stranger's own endpoint does not open another's delivery either.
    const theirs = (await stranger.create({ url: URL_OK, events: ['chat.created'] })).json.endpoint.id;
    const crossed = await api.call('POST', `/api/event-webhooks/${theirs}/deliveries/${delivery}/resend`, {
      token: stranger.token,
    });
    expect(crossed.status).toBe(404);
    expect(
      (await api.call('GET', '/api/event-webhooks', { token: stranger.token })).json.endpoints,
    ).toHaveLength(1);
    const left = await api.call('GET', `/api/event-webhooks/${id}/deliveries`, { token: mine.token });
    expect(left.json.deliveries[0]).toMatchObject({ id: delivery, status: 'failed' });
    expect(
      (await api.call('GET', '/api/event-webhooks', { token: mine.token })).json.endpoints[0].enabled,
    ).toBe(true);
  });

  it('an API key manages endpoints; without a credential it is 401', async () => {
    const user = await owner();
    const key = (await api.call('POST', '/api/keys', { token: user.token, body: { comment: 'events' } })).json
      .key;
    const created = await user.create({ url: URL_OK, events: ['payment.succeeded'] }, key);
    expect(created.status).toBe(201);
    const id = created.json.endpoint.id;
    expect((await api.call('GET', '/api/event-webhooks', { token: key })).json.endpoints).toHaveLength(1);
    expect(
      (await api.call('PATCH', `/api/event-webhooks/${id}`, { token: key, body: { enabled: false } })).status,
    ).toBe(200);
    expect((await api.call('GET', `/api/event-webhooks/${id}/deliveries`, { token: key })).status).toBe(200);
    expect((await api.call('DELETE', `/api/event-webhooks/${id}`, { token: key })).status).toBe(204);
    expect((await api.call('GET', '/api/event-webhooks')).status).toBe(401);
  });
});
