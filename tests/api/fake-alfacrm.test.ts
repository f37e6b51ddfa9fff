import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAlfa, startFakeAlfa } from '../fakes/alfacrm';

/** The fake AlfaCRM refuses what AlfaCRM refuses (reference/crm.md §4). */

let alfa: FakeAlfa;
let token: string;

beforeAll(async () => {
  alfa = await startFakeAlfa({ rateLimit: 1000 });
  token = await login();
});
afterAll(() => alfa.close());

async function login(email = alfa.email, apiKey = alfa.apiKey): Promise<string> {
  const response = await fetch(`${alfa.url}/v2api/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ email, api_key: apiKey }),
  });
  const body = (await response.json()) as { token?: string };
  return response.status === 200 && body.token ? body.token : `status ${response.status}`;
}

async function call(
  path: string,
  body: unknown = {},
  options: { token?: string | null; method?: string } = {},
) {
  const given = options.token === undefined ? token : options.token;
  const response = await fetch(`${alfa.url}/v2api/${path}`, {
    method: options.method ?? 'POST',
    headers: given ? { 'X-ALFACRM-TOKEN': given } : {},
    body: options.method === 'GET' ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('fake AlfaCRM', () => {
  it('logs in with the right pair only, and a token dies after 15 minutes', async () => {
    expect(await login(alfa.email, 'wrong')).toBe('status 401');
    const fresh = await login();
    expect((await call('1/branch/index', {}, { token: fresh })).status).toBe(200);
    alfa.advance(15 * 60_000);
    const dead = await call('1/branch/index', {}, { token: fresh });
    expect(dead).toEqual({
      status: 401,
      json: expect.objectContaining({ name: 'Unauthorized', status: 401 }),
    });
    token = await login();
  });

  it('takes only POST, with a token, in an active branch, for known models', async () => {
    expect((await call('1/customer/index', {}, { method: 'GET' })).status).toBe(405);
    expect((await call('1/customer/index', {}, { token: null })).status).toBe(401);
    expect((await call('7/customer/index')).status).toBe(404);
    expect((await call('1/teacher-of-the-year/index')).status).toBe(404);
    expect((await call('1/lead-status/create', { name: 'x' })).status).toBe(404);
  });

  it('pages and filters lists', async () => {
    for (const name of ['Анна', 'Борис', 'Вера']) alfa.addCustomer({ name, is_study: 1 });
    const first = await call('1/customer/index?per-page=2', { is_study: 1, page: 0 });
    expect(first.json).toMatchObject({ total: 3, count: 2, page: 0 });
    const second = await call('1/customer/index?per-page=2', { is_study: 1, page: 1 });
    expect(second.json).toMatchObject({ total: 3, count: 1, page: 1 });
  });

  it('creates and updates a lead, and answers what fails validation with errors, changing nothing', async () => {
    const created = await call('1/customer/create', { name: 'Лид', is_study: 0, phone: ['+79000000000'] });
    const lead = created.json.model as { id: number };
    expect(alfa.customers.get(lead.id)).toMatchObject({ name: 'Лид', is_study: 0, branch_ids: [1] });
    const updated = await call(`1/customer/update?id=${lead.id}`, { lead_status_id: 2 });
    expect(updated.json.model).toMatchObject({ lead_status_id: 2 });
    for (const wrong of [
      { lead_status_id: 99 },
      { phone: '+7900' },
      { favourite_colour: 'red' },
      { dob: '2026-01-01' },
    ]) {
      const refused = await call(`1/customer/update?id=${lead.id}`, wrong);
      expect(refused.status).toBe(200);
      expect(Object.keys(refused.json.errors as object)).toEqual(Object.keys(wrong));
    }
    expect(alfa.customers.get(lead.id)).toMatchObject({ lead_status_id: 2, phone: ['+79000000000'] });
    expect((await call('1/customer/update?id=999999', { name: 'x' })).status).toBe(404);
    expect((await call('1/customer/create', { is_study: 0 })).json.errors).toHaveProperty('name');
  });

  it('makes tasks only with text, a due date and active users', async () => {
    const lead = alfa.addCustomer({ name: 'Для задачи' });
    const ok = await call('1/task/create', {
      text: 'Перезвонить',
      customer_ids: [lead.id],
      assigned_ids: [2],
      due_date: '2026-11-24 15:00:00',
    });
    expect(ok.json.model).toMatchObject({ text: 'Перезвонить', assigned_ids: [2] });
    const errorsOf = async (fields: Record<string, unknown>) =>
      Object.keys((await call('1/task/create', fields)).json.errors as object);
    expect(await errorsOf({ text: 'x', due_date: '24.11.2026' })).toEqual(['due_date']);
    expect(await errorsOf({ text: 'x', due_date: '2026-11-24 15:00:00', assigned_ids: [3] })).toEqual([
      'assigned_ids',
    ]);
    expect(await errorsOf({ due_date: '2026-11-24 15:00:00' })).toEqual(['text']);
  });

  it('writes a comment only on an existing customer named in the query', async () => {
    const lead = alfa.addCustomer({ name: 'Для комментария' });
    expect((await call('1/communication/create', { type_id: 1, comment: 'x' })).status).toBe(400);
    expect(
      (await call('1/communication/create?class=Customer&related_id=999999', { type_id: 1, comment: 'x' }))
        .status,
    ).toBe(404);
    const ok = await call(`1/communication/create?class=Customer&related_id=${lead.id}`, {
      type_id: 1,
      comment: 'Итог',
    });
    expect(ok.json.model).toMatchObject({ related_id: lead.id, comment: 'Итог' });
    const empty = await call(`1/communication/create?class=Customer&related_id=${lead.id}`, { type_id: 1 });
    expect(empty.json.errors).toHaveProperty('comment');
  });

  it('refuses a role without the API, or without the users list, and calls beyond the rate', async () => {
    alfa.forbid({ users: true });
    expect((await call('1/user/index')).status).toBe(403);
    expect((await call('1/branch/index')).status).toBe(200);
    alfa.forbid({ users: false, api: true });
    expect((await call('1/branch/index')).json).toMatchObject({ message: 'Access Denied', status: 403 });
    alfa.forbid({ api: false });
    alfa.setRateLimit(3);
    await new Promise((done) => setTimeout(done, 1100));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call('1/branch/index')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    alfa.setRateLimit(1000);
  });
});
