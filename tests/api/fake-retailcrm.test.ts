import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeRetail, startFakeRetail } from '../fakes/retailcrm';

/** The fake RetailCRM refuses what RetailCRM refuses (reference/crm.md §3). */

let crm: FakeRetail;

beforeAll(async () => {
  crm = await startFakeRetail();
});
afterAll(() => crm.close());

async function api(
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, unknown> = {},
  key = crm.apiKey,
) {
  const form = new URLSearchParams(
    Object.entries(fields).map(([name, value]) => [
      name,
      typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]),
  );
  const response = await fetch(`${crm.url}/api/v5/${path}${method === 'GET' ? `?${form}` : ''}`, {
    method,
    headers: {
      ...(key ? { 'X-API-KEY': key } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: method === 'POST' ? form.toString() : undefined,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('fake RetailCRM', () => {
  it('refuses calls without the key or with another one, and unknown methods', async () => {
    expect((await api('GET', 'reference/sites', {}, '')).json).toEqual({
      success: false,
      errorMsg: '"apiKey" is missing.',
    });
    expect((await api('GET', 'reference/sites', {}, 'wrong')).json.errorMsg).toBe('Wrong "apiKey" value.');
    expect((await api('GET', 'no/such/method')).status).toBe(404);
  });

  it('takes writes only as form fields with JSON, and refuses a status or custom field that does not exist', async () => {
    const asJson = await fetch(`${crm.url}/api/v5/orders/create`, {
      method: 'POST',
      headers: { 'X-API-KEY': crm.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ order: { firstName: 'Анна' } }),
    });
    expect((await asJson.json()).errorMsg).toBe("Parameter 'order' is missing");
    const created = await api('POST', 'orders/create', { site: 'shop-main', order: { firstName: 'Анна' } });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const edit = (order: Record<string, unknown>) => api('POST', `orders/${id}/edit`, { by: 'id', order });
    expect((await edit({ status: 'no-such-status' })).json.errors).toEqual({ status: 'Status is not found' });
    expect((await edit({ customFields: { unknown: 'x' } })).status).toBe(400);
    expect((await edit({ customFields: { service: 'Окрашивание' } })).status).toBe(400);
    expect((await edit({ customFields: { service: 'coloring' } })).status).toBe(200);
    expect(crm.orders.get(id)?.status).toBe('new');
  });

  it('refuses a task without an active performer or with a datetime not Y-m-d H:i, and the staff list without rights', async () => {
    const { json } = await api('POST', 'orders/create', { order: { firstName: 'Ира' } });
    const task = (fields: Record<string, unknown>) =>
      api('POST', 'tasks/create', { task: { text: 'Перезвонить', order: { id: json.id }, ...fields } });
    expect((await task({ performerId: 8, datetime: '2026-12-01 10:00' })).json.errors).toMatchObject({
      performerId: expect.any(String),
    });
    expect((await task({ performerId: 7, datetime: '01.12.2026 10:00' })).json.errors).toMatchObject({
      datetime: expect.any(String),
    });
    expect((await task({ performerId: 7, datetime: '2026-12-01 10:00' })).status).toBe(201);
    const limited = await startFakeRetail({ usersForbidden: true });
    try {
      const refused = await fetch(`${limited.url}/api/v5/users`, {
        headers: { 'X-API-KEY': limited.apiKey },
      });
      expect([refused.status, (await refused.json()).errorMsg]).toEqual([403, 'Access denied.']);
    } finally {
      await limited.close();
    }
  });

  it("registers the module only with its own code and issues a new bot token, refusing the old one's stream", async () => {
    const old = crm.botToken;
    const module = {
      code: 'onchat',
      name: 'onchat',
      baseUrl: 'https://app.test',
      clientId: 'c1',
      integrations: { mgBot: {} },
    };
    expect((await api('POST', 'integration-modules/other/edit', { integrationModule: module })).status).toBe(
      400,
    );
    const registered = await api('POST', 'integration-modules/onchat/edit', { integrationModule: module });
    expect(registered.json.info).toEqual({ mgBot: { endpointUrl: `${crm.url}/mg`, token: crm.botToken } });
    expect(crm.botToken).not.toBe(old);
    const url = `${crm.url.replace(/^http/, 'ws')}/mg/api/bot/v1/ws?events=message_new`;
    const refused = new WebSocket(url, { headers: { 'X-Bot-Token': old } });
    const status = await new Promise<number>((done) =>
      refused.on('unexpected-response', (_request, response) => done(response.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });

  it("sends into existing chats only, with the bot token, and streams the customer's message and the bot's own echo", async () => {
    const mg = (path: string, body: unknown, token = crm.botToken) =>
      fetch(`${crm.url}/mg/api/bot/v1${path}`, {
        method: 'POST',
        headers: { 'X-Bot-Token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await mg('/messages', { type: 'text', scope: 'public', chat_id: 1, content: 'x' }, 'wrong')).status,
    ).toBe(401);
    expect(
      (await mg('/messages', { type: 'text', scope: 'public', chat_id: 999, content: 'x' })).status,
    ).toBe(404);
    const socket = new WebSocket(`${crm.url.replace(/^http/, 'ws')}/mg/api/bot/v1/ws?events=message_new`, {
      headers: { 'X-Bot-Token': crm.botToken },
    });
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(String(data)));
    await new Promise((done) => socket.on('open', done));
    crm.customerWrites(3, 'Здравствуйте');
    expect(
      (await mg('/messages', { type: 'text', scope: 'public', chat_id: 3, content: 'Добрый день' })).status,
    ).toBe(200);
    await new Promise((done) => setTimeout(done, 100));
    expect(frames.map((frame) => JSON.parse(frame).data.message.from.type)).toEqual(['customer', 'bot']);
    socket.terminate();
  });
});
