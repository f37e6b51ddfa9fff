import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import { sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();

describe('API keys', () => {
  it('shows the secret once, stores it hashed, and the secret works as a bearer credential', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/keys', { token: user.token, body: { comment: 'CRM sync' } });
    expect(created.status).toBe(201);
    const secret: string = created.json.key;
    expect(secret).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
    expect(created.json.comment).toBe('CRM sync');

    const list = await api.call('GET', '/api/keys', { token: user.token });
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).not.toHaveProperty('key');
    expect(JSON.stringify(list.json)).not.toContain(secret);
    expect(list.json[0].prefix).toBe(`${secret.slice(0, 10)}…`);

    const [row] = await api.t.db.select().from(apiKeys).where(eq(apiKeys.id, created.json.id));
    expect(JSON.stringify(row)).not.toContain(secret);

    const viaKey = await api.call('GET', '/api/profile', { token: secret });
    expect(viaKey.status).toBe(200);
    expect(viaKey.json.email).toBe(user.email);
    const used = await api.call('GET', '/api/keys', { token: user.token });
    expect(used.json[0].last_used_at).not.toBeNull();
  });

  it('edits the comment and stops working once deleted', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/keys', { token: user.token, body: {} });
    const id = created.json.id;
    const edited = await api.call('PATCH', `/api/keys/${id}`, {
      token: user.token,
      body: { comment: ' Сайт ' },
    });
    expect(edited.json.comment).toBe('Сайт');
    expect((await api.call('DELETE', `/api/keys/${id}`, { token: user.token })).status).toBe(204);
    expect((await api.call('GET', '/api/profile', { token: created.json.key })).status).toBe(401);
    expect((await api.call('GET', '/api/keys', { token: user.token })).json).toEqual([]);
  });

  it("another account's key answers 404 and is left untouched", async () => {
    const owner = await signedInUser(api.t);
    const stranger = await signedInUser(api.t);
    const created = await api.call('POST', '/api/keys', { token: owner.token, body: { comment: 'mine' } });
    const id = created.json.id;
    for (const [method, body] of [
      ['PATCH', { comment: 'stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await api.call(method, `/api/keys/${id}`, { token: stranger.token, body });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ code: 'not_found', message: 'Ключ не найден' });
    }
    expect((await api.call('GET', '/api/keys', { token: stranger.token })).json).toEqual([]);
    const mine = await api.call('GET', '/api/keys', { token: owner.token });
    expect(mine.json[0].comment).toBe('mine');
    expect((await api.call('GET', '/api/profile', { token: created.json.key })).status).toBe(200);
  });

  it('an id that is not a key answers 404, not 500', async () => {
    const user = await signedInUser(api.t);
    for (const id of ['123', 'not-a-uuid', "1' or '1'='1"]) {
      const answer = await api.call('DELETE', `/api/keys/${encodeURIComponent(id)}`, { token: user.token });
      expect(answer.status).toBe(404);
    }
  });

  it('refuses a comment that is too long or not text', async () => {
    const user = await signedInUser(api.t);
    for (const comment of ['x'.repeat(256), 42]) {
      const answer = await api.call('POST', '/api/keys', { token: user.token, body: { comment } });
      expect(answer.status).toBe(422);
    }
    expect((await api.call('GET', '/api/keys', { token: user.token })).json).toEqual([]);
  });

  it('stops at 20 keys per account', async () => {
    const user = await signedInUser(api.t);
    for (let i = 0; i < 20; i++)
      await api.call('POST', '/api/keys', { token: user.token, body: { comment: `k${i}` } });
    const extra = await api.call('POST', '/api/keys', { token: user.token, body: {} });
    expect(extra.status).toBe(422);
    expect(extra.json.message).toBe('Достигнут лимит API-ключей');
  });
});
