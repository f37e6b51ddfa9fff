import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASE_URL } from '../support/test-database';
import { codeFrom, sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

const profile = (token: string) => api.call('GET', '/api/profile', { token });

async function secondSession(user: { email: string; password: string }) {
  const answer = await api.call('POST', '/api/login', {
    body: { email: user.email, password: user.password },
    ip: '10.80.0.1',
  });
  return answer.json.token as string;
}

async function apiKey(token: string) {
  const created = await api.call('POST', '/api/keys', { token, body: { comment: 'integration' } });
  return created.json.key as string;
}

describe('signed-in reads are cached and revocation still takes effect at once', () => {
  // On the test Postgres server the kv (and so this cache) is a table of that database itself.
  const inMemoryKv = it.skipIf(TEST_DATABASE_URL !== undefined);
  inMemoryKv('reads the profile again without going back to Postgres', async () => {
    const user = await signedInUser(api.t);
    expect((await profile(user.token)).status).toBe(200);
    if (!api.t.client) throw new Error('PGlite expected');
    const queries = vi.spyOn(api.t.client, 'query');
    for (let i = 0; i < 5; i++) expect((await profile(user.token)).status).toBe(200);
    expect(queries).not.toHaveBeenCalled();
  });

  it('a signed-out token answers 401 on the very next request', async () => {
    const user = await signedInUser(api.t);
    expect((await profile(user.token)).status).toBe(200);
    expect((await api.call('POST', '/api/logout', { token: user.token })).status).toBe(200);
    expect((await profile(user.token)).status).toBe(401);
  });

  it('a password reset shuts out every session and API key at once', async () => {
    const user = await signedInUser(api.t);
    const other = await secondSession(user);
    const key = await apiKey(user.token);
    for (const token of [user.token, other, key]) expect((await profile(token)).status).toBe(200);

    await api.call('POST', '/api/send-reset-code', { body: { email: user.email } });
    const reset = await api.call('POST', '/api/reset-password', {
      body: { email: user.email, code: codeFrom(api.t, user.email), password: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);

    for (const token of [user.token, other, key]) expect((await profile(token)).status).toBe(401);
    const fresh = await api.call('POST', '/api/login', {
      body: { email: user.email, password: 'brand-new-pass' },
    });
    expect((await api.call('GET', '/api/keys', { token: fresh.json.token })).json).toEqual([]);
  });

  it('a password change signs other sessions out at once and keeps this one', async () => {
    const user = await signedInUser(api.t);
    const other = await secondSession(user);
    expect((await profile(other)).status).toBe(200);
    const changed = await api.call('POST', '/api/change_password', {
      token: user.token,
      body: { new_password: 'changed-pass-1', new_password_confirmation: 'changed-pass-1' },
    });
    expect(changed.status).toBe(200);
    expect((await profile(other)).status).toBe(401);
    expect((await profile(user.token)).status).toBe(200);
  });

  it('a deleted API key answers 401 on the very next request', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/keys', { token: user.token, body: {} });
    const key = created.json.key as string;
    expect((await profile(key)).status).toBe(200);
    expect((await profile(key)).status).toBe(200);
    await api.call('DELETE', `/api/keys/${created.json.id}`, { token: user.token });
    expect((await profile(key)).status).toBe(401);
  });

  it('a profile change shows at once in every session and key', async () => {
    const user = await signedInUser(api.t);
    const other = await secondSession(user);
    const key = await apiKey(user.token);
    for (const token of [other, key]) expect((await profile(token)).json.name).toBe('Анна');

    const saved = await api.call('POST', '/api/profile', {
      token: user.token,
      body: { name: 'Мария', lang: 'en' },
    });
    expect(saved.status).toBe(200);
    for (const token of [other, key]) {
      const seen = await profile(token);
      expect(seen.json).toMatchObject({ name: 'Мария', lang: 'en' });
    }
    // The account's language now speaks in the answers of every credential too.
    const refused = await api.call('POST', '/api/keys', { token: key, body: {} });
    expect(refused.json.message).toBe('This action needs a password sign-in, not an API key');
  });
});

describe('what an API key cannot do', () => {
  it('cannot change the password or manage API keys', async () => {
    const user = await signedInUser(api.t);
    const key = await apiKey(user.token);
    const created = await api.call('POST', '/api/keys', { token: user.token, body: { comment: 'x' } });
    const attempts: [string, string, unknown][] = [
      [
        'POST',
        '/api/change_password',
        { new_password: 'stolen-pass-1', new_password_confirmation: 'stolen-pass-1' },
      ],
      ['GET', '/api/keys', undefined],
      ['POST', '/api/keys', { comment: 'successor' }],
      ['PATCH', `/api/keys/${created.json.id}`, { comment: 'renamed' }],
      ['DELETE', `/api/keys/${created.json.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await api.call(method, path, { token: key, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json).toEqual({
        code: 'session_required',
        message: 'Это действие доступно только после входа по паролю, не по API-ключу',
      });
    }
    const keys = await api.call('GET', '/api/keys', { token: user.token });
    expect(keys.json.map((k: { comment: string }) => k.comment).sort()).toEqual(['integration', 'x']);
    const old = await api.call('POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(old.status).toBe(200);
    // What an API key is for still works.
    expect((await profile(key)).status).toBe(200);
  });
});
