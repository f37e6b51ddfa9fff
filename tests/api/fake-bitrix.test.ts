import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBitrix, startFakeBitrix } from '../fakes/bitrix';

/** The fake Bitrix24 refuses what Bitrix24 refuses (reference/crm.md §2, checklist §2.7). */

let portal: FakeBitrix;

beforeAll(async () => {
  portal = await startFakeBitrix({ bucket: { limit: 1000, drainPerSecond: 1000 } });
});
afterAll(() => portal.close());

async function refresh(refreshToken: string, clientSecret = portal.clientSecret) {
  const query = new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: portal.clientId,
    client_secret: clientSecret,
    refresh_token: refreshToken,
  });
  const response = await fetch(`${portal.url}/oauth/token/?${query}`);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function rest(method: string, params: Record<string, unknown>, auth?: string) {
  const response = await fetch(`${portal.url}/rest/${method}.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...params, ...(auth ? { auth } : {}) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('fake Bitrix24', () => {
  it('spends a refresh token once, refuses a wrong client, and names the portal', async () => {
    const pair = portal.issueTokens();
    expect((await refresh(pair.refresh_token, 'wrong')).json.error).toBe('invalid_client');
    const first = await refresh(pair.refresh_token);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ member_id: portal.memberId, client_endpoint: `${portal.url}/rest/` });
    const again = await refresh(pair.refresh_token);
    expect([again.status, again.json.error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses calls without a token (NO_AUTH_FOUND), with an ended one (expired_token), and unknown methods', async () => {
    expect((await rest('user.get', {})).json.error).toBe('NO_AUTH_FOUND');
    const { access_token } = portal.issueTokens();
    expect((await rest('no.such.method', {}, access_token)).status).toBe(404);
    portal.expireAccessTokens();
    const ended = await rest('user.get', {}, access_token);
    expect([ended.status, ended.json.error]).toEqual([401, 'expired_token']);
  });

  it('answers 503 QUERY_LIMIT_EXCEEDED past the bucket', async () => {
    const { access_token } = portal.issueTokens();
    portal.setBucket({ limit: 2, drainPerSecond: 0.001 });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await rest('user.get', {}, access_token)).status);
      expect(statuses).toEqual([200, 200, 503]);
    } finally {
      portal.setBucket({ limit: 1000, drainPerSecond: 1000 });
    }
  });

  it('refuses a task without a title or for an inactive user, a second bot with the same code, a message to an unknown dialog', async () => {
    const { access_token } = portal.issueTokens();
    const task = (fields: Record<string, unknown>) => rest('tasks.task.add', { fields }, access_token);
    expect((await task({ RESPONSIBLE_ID: 7 })).status).toBe(400);
    expect((await task({ TITLE: 'Перезвонить', RESPONSIBLE_ID: 999 })).status).toBe(400);
    expect((await task({ TITLE: 'Перезвонить', RESPONSIBLE_ID: 7 })).status).toBe(200);
    const bot = {
      CODE: 'fake_test_bot',
      TYPE: 'O',
      EVENT_MESSAGE_ADD: 'https://example.com/h',
      PROPERTIES: { NAME: 'onchat' },
    };
    const registered = await rest('imbot.register', bot, access_token);
    expect(registered.status).toBe(200);
    expect((await rest('imbot.register', bot, access_token)).json.error).toBe('CODE_ERROR');
    const sent = await rest(
      'imbot.message.add',
      { BOT_ID: registered.json.result, DIALOG_ID: 'chat424242', MESSAGE: 'Привет' },
      access_token,
    );
    expect(sent.json.error).toBe('DIALOG_ID_EMPTY');
  });

  it('refuses the staff list when the rights forbid it', async () => {
    const { access_token } = portal.issueTokens();
    portal.forbidUsers(true);
    try {
      expect((await rest('user.get', {}, access_token)).status).toBe(403);
    } finally {
      portal.forbidUsers(false);
    }
  });
});
