import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, apiKeys } from '../../db/schema';
import { MAX_API_KEYS } from '../../functions/shared/constants';
import { newUser, sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();

const INVALID = 'Некорректное значение';

const accountRow = async (email: string) => {
  const [row] = await api.t.db.select().from(accounts).where(eq(accounts.email, email));
  return row;
};

async function partner() {
  const owner = await signedInUser(api.t);
  const role = await api.call('POST', '/api/profile', { token: owner.token, body: { role: 'partner' } });
  expect(role.status).toBe(200);
  return owner;
}

describe('list date filters: only real days of 2000..2099, answered 422 otherwise', () => {
  const badDays = [
    ['from', '0000-01-01'],
    ['to', '0000-01-01'],
    ['to', '9999-12-31'],
    ['from', '1999-12-31'],
    ['to', '2100-01-01'],
    ['from', '2024-02-31'],
    ['to', '2023-02-29'],
  ] as const;

  it('GET /api/history, /api/transactions, /api/partner/operations and /api/partner/earnings', async () => {
    const owner = await partner();
    for (const path of [
      '/api/history',
      '/api/transactions',
      '/api/partner/operations',
      '/api/partner/earnings',
    ]) {
      for (const [field, day] of badDays) {
        const answer = await api.call('GET', `${path}?${field}=${day}`, { token: owner.token });
        expect(answer.status, `${path} ${field}=${day}`).toBe(422);
        expect(answer.json.code).toBe('validation_failed');
        expect(answer.json.fields[field], `${path} ${field}=${day}`).toBe(INVALID);
      }
      // The edges of the range and a leap day are still taken.
      const edges = await api.call('GET', `${path}?from=2000-01-01&to=2099-12-31`, { token: owner.token });
      expect(edges.status, path).toBe(200);
      const leap = await api.call('GET', `${path}?from=2024-02-29&to=2024-02-29`, { token: owner.token });
      expect(leap.status, path).toBe(200);
    }
  });
});

describe('POST /api/profile without a change', () => {
  it('answers the profile as it is for an empty body, unknown fields or no body', async () => {
    const user = await signedInUser(api.t);
    const before = await accountRow(user.email);
    const profile = await api.call('GET', '/api/profile', { token: user.token });
    for (const options of [{ body: {} }, { body: { foo: 1 } }, {}]) {
      const answer = await api.call('POST', '/api/profile', { token: user.token, ...options });
      expect(answer.status, JSON.stringify(options)).toBe(200);
      expect(answer.json).toEqual(profile.json);
    }
    expect(await accountRow(user.email)).toEqual(before);
  });
});

describe('PATCH /api/keys/{id}', () => {
  it('refuses a missing or null comment and keeps the one saved', async () => {
    const user = await signedInUser(api.t);
    const key = await api.call('POST', '/api/keys', { token: user.token, body: { comment: 'CRM sync' } });
    for (const body of [{}, { comment: null }, { comment: 5 }]) {
      const answer = await api.call('PATCH', `/api/keys/${key.json.id}`, { token: user.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json.code).toBe('validation_failed');
      expect(answer.json.fields.comment).toBe(INVALID);
    }
    const long = await api.call('PATCH', `/api/keys/${key.json.id}`, {
      token: user.token,
      body: { comment: 'x'.repeat(256) },
    });
    expect(long.status).toBe(422);
    const listed = await api.call('GET', '/api/keys', { token: user.token });
    expect(listed.json.map((k: { comment: string }) => k.comment)).toEqual(['CRM sync']);
    // An empty comment given on purpose still clears it.
    const cleared = await api.call('PATCH', `/api/keys/${key.json.id}`, {
      token: user.token,
      body: { comment: ' ' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json.comment).toBe('');
  });
});

describe('POST /api/keys in parallel', () => {
  it('never passes the limit of 20 keys', async () => {
    const user = await signedInUser(api.t);
    const answers = await Promise.all(
      Array.from({ length: MAX_API_KEYS + 10 }, (_, i) =>
        api.call('POST', '/api/keys', { token: user.token, body: { comment: `k${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_API_KEYS);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(answer.json.message).toBe('Достигнут лимит API-ключей');
    }
    const account = await accountRow(user.email);
    const rows = await api.t.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.accountId, account?.id ?? ''));
    expect(rows).toHaveLength(MAX_API_KEYS);
  });
});

describe('Telegram recipients with leading zeros', () => {
  it('refuses 012345 beside 12345 and keeps the saved list', async () => {
    const user = await signedInUser(api.t);
    await api.call('POST', '/api/profile/tg', { token: user.token, body: { contacts: ['12345'] } });
    for (const contacts of [['12345', '012345'], ['-012345']]) {
      const answer = await api.call('POST', '/api/profile/tg', { token: user.token, body: { contacts } });
      expect(answer.status, JSON.stringify(contacts)).toBe(422);
      expect(answer.json.fields[`contacts.${contacts.length - 1}`]).toBe(
        'Укажите @username или числовой chat id Telegram',
      );
    }
    const profile = await api.call('GET', '/api/profile', { token: user.token });
    expect(profile.json.notifications).toEqual(['12345']);
    const negative = await api.call('POST', '/api/profile/tg', {
      token: user.token,
      body: { contacts: ['-1001234567890'] },
    });
    expect(negative.status).toBe(200);
  });
});

describe('sign-up link data never blocks signing in or up', () => {
  const long = 'a'.repeat(501);

  it('signs in whatever the query carries (it is ignored)', async () => {
    const user = await signedInUser(api.t);
    for (const query of [{ metrika: { content: long } }, { ref_id: long }, 'x', 5, null, { metrika: 'x' }]) {
      const answer = await api.call('POST', '/api/login', {
        body: { email: user.email, password: user.password, query },
      });
      expect(answer.status, JSON.stringify(query).slice(0, 60)).toBe(200);
      expect(typeof answer.json.token).toBe('string');
    }
  });

  it('registers with over-long values cut to 500 characters and malformed ones dropped', async () => {
    const user = newUser({ query: { ref_id: long, metrika: { term: long, source: 'ya', medium: 7 } } });
    const answer = await api.call('POST', '/api/register', { body: user });
    expect(answer.status).toBe(201);
    const row = await accountRow(user.email);
    expect(row?.signupQuery).toEqual({ term: 'a'.repeat(500), source: 'ya', ref_id: 'a'.repeat(500) });
    expect(row?.referralId).toBe('a'.repeat(500));

    const odd = newUser({ query: 'x' });
    expect((await api.call('POST', '/api/register', { body: odd })).status).toBe(201);
    expect((await accountRow(odd.email))?.signupQuery).toEqual({});
  });
});
