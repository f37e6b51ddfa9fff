import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, sessions } from '../../db/schema';
import { codeFrom, sharedTestApp, signedInUser, uniqueEmail } from './support/client';
import { createWorkingBot } from './support/engine';
import { addMoney } from './support/money';

/**
 * The partner programme's clients (issue #23 §1): a partner creates real client accounts, lists
 * them, and switches into one with a session that names the partner; nobody else reaches them.
 */

const api = sharedTestApp();

/** A signed-in owner who chose the partner role in the tour. */
async function partner() {
  const owner = await signedInUser(api.t);
  const tour = await api.call('POST', '/api/helpers/tour', {
    token: owner.token,
    body: { fields: { role: 'partner', usage_plan: 'Боты для клиентов агентства' } },
  });
  expect(tour.status).toBe(200);
  return owner;
}

async function createClient(token: string, body: Record<string, unknown>) {
  return api.call('POST', '/api/partner/clients', { token, body });
}

describe('partner clients', () => {
  it('creates a client account that belongs to the partner and mails the client a way in', async () => {
    const owner = await partner();
    const email = uniqueEmail();
    const created = await createClient(owner.token, { name: 'Салон «Лилия»', email, currency: 'usd' });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ name: 'Салон «Лилия»', email, currency: 'usd', bots_on: 0 });
    expect(created.json.balance).toBeGreaterThan(0);

    const [client] = await api.t.db.select().from(accounts).where(eq(accounts.email, email));
    const [self] = await api.t.db.select().from(accounts).where(eq(accounts.email, owner.email));
    expect(client?.partnerAccountId).toBe(self?.id);
    expect(client?.currency).toBe('usd');
    const mail = api.t.mail.lastTo(email);
    expect(mail?.subject).toContain(self?.name ?? '?');
    expect(mail?.text).toContain('/forgot_password');

    // The client sets a password with the mailed code and signs in on their own.
    const code = codeFrom(api.t, email);
    const reset = await api.call('POST', '/api/reset-password', {
      body: { email, code, password: 'client-password-1', password_confirmation: 'client-password-1' },
    });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    const login = await api.call('POST', '/api/login', {
      body: { email, password: 'client-password-1', query: {} },
    });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
  });

  it('refuses bad input with the §5 messages, a taken e-mail, and an account that is no partner', async () => {
    const owner = await partner();
    const empty = await createClient(owner.token, { name: ' ', email: '' });
    expect(empty.status).toBe(422);
    expect(empty.json.fields).toEqual({
      name: 'Необходимо заполнить имя',
      email: 'Необходимо заполнить Email',
    });
    const bad = await createClient(owner.token, { name: 'Кафе', email: 'not-an-email', currency: 'gbp' });
    expect(bad.json.fields).toMatchObject({ email: 'Неправильный формат Email' });
    expect(bad.json.fields.currency).toBeDefined();
    const taken = await createClient(owner.token, { name: 'Кафе', email: owner.email });
    expect(taken.status).toBe(409);

    const plain = await signedInUser(api.t);
    const refused = await createClient(plain.token, { name: 'Кафе', email: uniqueEmail() });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Это доступно только партнёрам: выберите роль партнёра в настройках');
    expect((await api.call('GET', '/api/partner/clients', { token: plain.token })).status).toBe(403);
    // The role is chosen in the settings too.
    const role = await api.call('POST', '/api/profile', { token: plain.token, body: { role: 'partner' } });
    expect(role.json.role).toBe('partner');
    expect((await api.call('GET', '/api/partner/clients', { token: plain.token })).status).toBe(200);
    expect(
      (await api.call('POST', '/api/profile', { token: plain.token, body: { role: 'boss' } })).status,
    ).toBe(422);
  });

  it('lists its own clients with search and pages, and nobody else’s', async () => {
    const owner = await partner();
    const other = await partner();
    for (let i = 1; i <= 22; i++) {
      const created = await createClient(owner.token, { name: `Клиент ${i}`, email: uniqueEmail() });
      expect(created.status).toBe(201);
      api.t.clock.advance(1000);
    }
    await createClient(other.token, { name: 'Чужой клиент', email: uniqueEmail() });
    const first = await api.call('GET', '/api/partner/clients', { token: owner.token });
    expect(first.json).toMatchObject({ page: 1, per_page: 20, total: 22 });
    expect(first.json.clients).toHaveLength(20);
    expect(first.json.clients[0].name).toBe('Клиент 22');
    const second = await api.call('GET', '/api/partner/clients?page=2', { token: owner.token });
    expect(second.json.clients.map((c: { name: string }) => c.name)).toEqual(['Клиент 2', 'Клиент 1']);
    const found = await api.call('GET', `/api/partner/clients?q=${encodeURIComponent('клиент 1')}`, {
      token: owner.token,
    });
    expect(found.json.total).toBe(11);
    const none = await api.call('GET', `/api/partner/clients?q=${encodeURIComponent('Чужой')}`, {
      token: owner.token,
    });
    expect(none.json).toMatchObject({ total: 0, clients: [] });
    const badPage = await api.call('GET', '/api/partner/clients?page=two', { token: owner.token });
    expect(badPage.status).toBe(422);
    expect(badPage.json.fields).toEqual({ page: 'Некорректное значение' });
    const longQuery = await api.call('GET', `/api/partner/clients?q=${'я'.repeat(101)}`, {
      token: owner.token,
    });
    expect(longQuery.status).toBe(422);
  });

  it('switches into its client with a session naming the partner, acts there, and reaches no other account', async () => {
    const owner = await partner();
    const client = await createClient(owner.token, { name: 'Автосервис', email: uniqueEmail() });
    const switched = await api.call('POST', `/api/partner/clients/${client.json.id}/session`, {
      token: owner.token,
    });
    expect(switched.status, JSON.stringify(switched.json)).toBe(200);
    const token = switched.json.token as string;

    const profile = await api.call('GET', '/api/profile', { token });
    expect(profile.json).toMatchObject({ name: 'Автосервис', email: client.json.email });
    await createWorkingBot(api.call, token, { name: 'Бот автосервиса' });
    // Inside, the partner buys the client a subscription from the client's balance; the list shows its end.
    await addMoney(api.t, client.json.id, 'rub', 500_000);
    const bought = await api.call('POST', '/api/subscription/new', {
      token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    const list = await api.call('GET', '/api/partner/clients', { token: owner.token });
    expect(list.json.clients[0]).toMatchObject({
      id: client.json.id,
      subscription_expires_at: expect.any(String),
      balance: client.json.balance + 500_000 - 99_000,
      bots_on: 1,
    });
    expect(new Date(list.json.clients[0].subscription_expires_at).getTime()).toBeGreaterThan(
      api.t.clock.now().getTime() + 25 * 86_400_000,
    );
    // The bot is the client's, not the partner's.
    expect((await api.call('GET', '/api/bot', { token: owner.token })).json).toEqual([]);

    const [self] = await api.t.db.select().from(accounts).where(eq(accounts.email, owner.email));
    const opened = await api.t.db.select().from(sessions).where(eq(sessions.accountId, client.json.id));
    expect(opened.map((row) => row.partnerAccountId)).toEqual([self?.id]);

    // Another partner's client, an unrelated account, the partner itself, garbage: 404.
    const stranger = await partner();
    const plain = await signedInUser(api.t);
    const [plainRow] = await api.t.db.select().from(accounts).where(eq(accounts.email, plain.email));
    for (const id of [client.json.id, plainRow?.id, self?.id, 'nope']) {
      const answer = await api.call('POST', `/api/partner/clients/${id}/session`, { token: stranger.token });
      expect(answer.status).toBe(404);
    }
    expect(
      (await api.call('POST', `/api/partner/clients/${plainRow?.id}/session`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('ending the relation ends the partner’s sessions in the client, from either side', async () => {
    const owner = await partner();
    const email = uniqueEmail();
    const client = await createClient(owner.token, { name: 'Пекарня', email });
    const inside = await api.call('POST', `/api/partner/clients/${client.json.id}/session`, {
      token: owner.token,
    });
    const partnerSession = inside.json.token as string;
    expect((await api.call('GET', '/api/profile', { token: partnerSession })).status).toBe(200);
    // A session the partner opened cannot cut the partner off.
    expect((await api.call('DELETE', '/api/profile/partner', { token: partnerSession })).status).toBe(403);

    const released = await api.call('DELETE', `/api/partner/clients/${client.json.id}`, {
      token: owner.token,
    });
    expect(released.status).toBe(204);
    expect((await api.call('GET', '/api/profile', { token: partnerSession })).status).toBe(401);
    expect((await api.call('GET', '/api/partner/clients', { token: owner.token })).json.total).toBe(0);
    const again = await api.call('POST', `/api/partner/clients/${client.json.id}/session`, {
      token: owner.token,
    });
    expect(again.status).toBe(404);

    // A client who signs in on their own leaves; the partner's sessions end, theirs stays.
    const other = await createClient(owner.token, { name: 'Цветы', email: uniqueEmail() });
    const otherInside = await api.call('POST', `/api/partner/clients/${other.json.id}/session`, {
      token: owner.token,
    });
    const reset = await api.call('POST', '/api/reset-password', {
      body: {
        email: other.json.email,
        code: codeFrom(api.t, other.json.email),
        password: 'flowers-password-1',
        password_confirmation: 'flowers-password-1',
      },
    });
    expect(reset.status).toBe(200);
    const own = await api.call('POST', '/api/login', {
      body: { email: other.json.email, password: 'flowers-password-1', query: {} },
    });
    const ownToken = own.json.token as string;
    const fresh = await api.call('POST', `/api/partner/clients/${other.json.id}/session`, {
      token: owner.token,
    });
    expect((await api.call('DELETE', '/api/profile/partner', { token: ownToken })).status).toBe(200);
    expect((await api.call('GET', '/api/profile', { token: fresh.json.token })).status).toBe(401);
    expect((await api.call('GET', '/api/profile', { token: ownToken })).status).toBe(200);
    expect(otherInside.status).toBe(200);
    expect((await api.call('GET', '/api/partner/clients', { token: owner.token })).json.total).toBe(0);
  });

  it('a partner’s session in the client works in it, but not on the account’s own guards', async () => {
    const owner = await partner();
    const email = uniqueEmail();
    const client = await createClient(owner.token, { name: 'Ателье', email });
    const code = codeFrom(api.t, email);
    await api.call('POST', '/api/reset-password', {
      body: { email, code, password: 'atelier-password-1', password_confirmation: 'atelier-password-1' },
    });
    // The client, signed in on its own, has a key and a partner cabinet of its own.
    const own = await api.call('POST', '/api/login', {
      body: { email, password: 'atelier-password-1', query: {} },
    });
    const ownToken = own.json.token as string;
    const key = await api.call('POST', '/api/keys', { token: ownToken, body: { comment: 'crm' } });
    expect(key.status).toBe(201);
    const tour = await api.call('POST', '/api/helpers/tour', {
      token: ownToken,
      body: { fields: { role: 'partner', usage_plan: 'Свои клиенты' } },
    });
    expect(tour.status).toBe(200);
    const nested = await createClient(ownToken, { name: 'Клиент ателье', email: uniqueEmail() });
    expect(nested.status).toBe(201);

    const inside = await api.call('POST', `/api/partner/clients/${client.json.id}/session`, {
      token: owner.token,
    });
    const partnerSession = inside.json.token as string;
    expect((await api.call('GET', '/api/bot', { token: partnerSession })).status).toBe(200);
    const attempts: [string, string, unknown][] = [
      [
        'POST',
        '/api/change_password',
        { new_password: 'partner-chose-1', new_password_confirmation: 'partner-chose-1' },
      ],
      ['GET', '/api/keys', undefined],
      ['POST', '/api/keys', { comment: 'kept after the partnership' }],
      ['PATCH', `/api/keys/${key.json.id}`, { comment: 'renamed' }],
      ['DELETE', `/api/keys/${key.json.id}`, undefined],
      ['DELETE', '/api/profile/partner', undefined],
      ['GET', '/api/partner/clients', undefined],
      ['POST', `/api/partner/clients/${nested.json.id}/session`, undefined],
      ['POST', `/api/partner/clients/${nested.json.id}/pay`, { amount_minor: 50_000 }],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await api.call(method, path, { token: partnerSession, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json).toEqual({
        code: 'owner_only',
        message: 'Это может сделать только владелец аккаунта, а не партнёр, вошедший в аккаунт клиента',
      });
    }
    // Nothing changed: the owner's password, key and partner stand.
    const again = await api.call('POST', '/api/login', {
      body: { email, password: 'atelier-password-1', query: {} },
    });
    expect(again.status).toBe(200);
    const keys = await api.call('GET', '/api/keys', { token: ownToken });
    expect(keys.json.map((k: { comment: string }) => k.comment)).toEqual(['crm']);
    const [row] = await api.t.db.select().from(accounts).where(eq(accounts.email, email));
    expect(row?.partnerAccountId).not.toBeNull();
  });

  it('takes an existing account only with its owner’s code, bound to the partner that asked', async () => {
    const owner = await partner();
    const rival = await partner();
    const shop = await signedInUser(api.t);
    const ask = await api.call('POST', '/api/partner/clients/attach', {
      token: owner.token,
      body: { email: shop.email },
    });
    expect(ask.status).toBe(202);
    const mailed = api.t.mail.lastTo(shop.email);
    expect(mailed?.subject).toContain('просит доступ');
    const code = codeFrom(api.t, shop.email);

    // The code is the asking partner's: another partner gets nothing with it.
    const stolen = await api.call('POST', '/api/partner/clients/attach/confirm', {
      token: rival.token,
      body: { email: shop.email, code },
    });
    expect(stolen.status).toBe(422);
    const wrong = await api.call('POST', '/api/partner/clients/attach/confirm', {
      token: owner.token,
      body: { email: shop.email, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    const joined = await api.call('POST', '/api/partner/clients/attach/confirm', {
      token: owner.token,
      body: { email: shop.email, code },
    });
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    expect(joined.json).toMatchObject({ email: shop.email });
    const list = await api.call('GET', '/api/partner/clients', { token: owner.token });
    expect(list.json.clients.map((c: { email: string }) => c.email)).toEqual([shop.email]);

    // An address without an account, a partner, one already a client: the same answer, and no code works.
    for (const email of [uniqueEmail(), rival.email, shop.email]) {
      const sent = api.t.mail.sent.length;
      const again = await api.call('POST', '/api/partner/clients/attach', {
        token: owner.token,
        body: { email },
      });
      expect(again.status).toBe(202);
      expect(again.json.message).toBe(ask.json.message);
      expect(api.t.mail.sent.length).toBe(sent);
    }
  });
});
