import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Integration, integrations } from '../../db/schema';
import { calendlyApi } from '../../functions/integrations/calendly/account';
import { openConnectionSecret } from '../../functions/integrations/connection-secrets';
import { type FakeCalendly, startFakeCalendly } from '../fakes/calendly';
import { signedInUser } from './support/client';
import { listeningTestApp } from './support/listening-app';

/**
 * Calendly connected on its consent page (issue #22 §2 "and OAuth where configured"): the state is
 * single-use and counts only in the browser that started it; the code is spent for a sealed token
 * pair; the access token (2 hours) is refreshed before it ends, the refresh token rotates, two
 * readers of a stale row refresh once; a revoked grant leaves the integration not connected.
 */

const HOUR = 3_600_000;
const CLIENT = { id: 'calendly-app-id', secret: 'calendly-app-secret-0123456789abcdef' };

let calendly: FakeCalendly;

const app = listeningTestApp(async () => {
  calendly = await startFakeCalendly({ now: () => app.t.clock.now(), oauthClient: CLIENT });
  return {
    settings: {
      apiRoots: { calendly: calendly.url },
      oauthClients: { calendly: { ...CLIENT, root: calendly.url } },
    },
  };
});

afterAll(async () => {
  await calendly?.close();
});

/** A browser of the owner: its session and the consent cookie the start set. */
interface Browser {
  token: string;
  cookie: string;
}

async function ownerWithCalendly() {
  const owner = await signedInUser(app.t);
  const created = await app.call('POST', '/api/integrations', {
    token: owner.token,
    body: { type: 'calendly', connection_data: {} },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return { token: owner.token, id: created.json.id as string };
}

/** Starts the consent as the page's button does: the consent page's address and the cookie. */
async function startConsent(token: string, id: string, cookie = '') {
  const response = await app.t.app.request(`/api/integrations/${id}/consent`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-test-ip': '10.0.0.1', ...(cookie ? { cookie } : {}) },
  });
  const body = (await response.json()) as { url: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  const set = response.headers.get('set-cookie') ?? '';
  const pair = /^(consent_browser=[^;]+)/.exec(set)?.[1] ?? '';
  return { url: body.url, browser: { token, cookie: pair || cookie } as Browser, setCookie: set };
}

/** Calendly's redirect followed by a browser holding `cookie`: where the app sends it next. */
async function comeBack(redirect: string, cookie: string) {
  const back = new URL(redirect);
  const response = await app.t.app.request(`${back.pathname}${back.search}`, {
    headers: { 'x-test-ip': '10.0.0.1', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

const view = async (token: string, id: string) =>
  (await app.call('GET', `/api/integrations/${id}`, { token })).json;

const rowOf = async (id: string): Promise<Integration> => {
  const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) throw new Error('no row');
  return row;
};

const secret = async (id: string, field: string) =>
  openConnectionSecret(app.t.settings.secretsKey, await rowOf(id), field);

const tokenCalls = (grant: string) => calendly.oauth.tokenCalls.filter((call) => call.grant_type === grant);

async function connectedByConsent() {
  const owner = await ownerWithCalendly();
  const started = await startConsent(owner.token, owner.id);
  const location = await comeBack(calendly.oauth.approve(started.url), started.browser.cookie);
  expect(location).toBe(`/integrations/calendly/${owner.id}`);
  return owner;
}

describe('Calendly: the consent', () => {
  it('offers the consent beside the token form, sends the owner to Calendly with a fresh state and PKCE', async () => {
    const owner = await ownerWithCalendly();
    const shown = await view(owner.token, owner.id);
    expect(shown.configured).toBe(true);
    // The token form stays: the consent is only one way in.
    expect(shown.consent_page).toBeUndefined();
    const first = await startConsent(owner.token, owner.id);
    const url = new URL(first.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${calendly.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      response_type: 'code',
      redirect_uri: `${app.origin}/api/webhooks/calendly/oauth`,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Lax/i);
    expect(first.setCookie).toMatch(/Path=\/api\/webhooks/);
    const second = await startConsent(owner.token, owner.id, first.browser.cookie);
    expect(new URL(second.url).searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it('connects with the approved grant: the user, its event types, the webhook; no token is shown', async () => {
    const before = tokenCalls('authorization_code').length;
    const owner = await connectedByConsent();
    const shown = await view(owner.token, owner.id);
    expect(shown.connected).toBe(true);
    expect(shown.connection_data).toMatchObject({
      auth: 'oauth',
      user_uri: calendly.user.uri,
      user_name: calendly.user.name,
      webhook: 'active',
      event_types: expect.arrayContaining([expect.objectContaining({ name: 'Консультация' })]),
    });
    const text = JSON.stringify(shown);
    expect(text).not.toContain('access_token');
    expect(text).not.toContain('refresh_token');
    expect(tokenCalls('authorization_code').slice(before)).toEqual([
      { grant_type: 'authorization_code', status: 200 },
    ]);
    // Kept sealed, never as plain text in the row.
    const row = await rowOf(owner.id);
    expect(typeof row.connectionData.access_token).not.toBe('string');
    expect(await secret(owner.id, 'access_token')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a spent, forged or refused return connects nothing and lands on the page with the reason', async () => {
    const owner = await ownerWithCalendly();
    const started = await startConsent(owner.token, owner.id);
    const redirect = calendly.oauth.approve(started.url);
    expect(await comeBack(redirect, started.browser.cookie)).toBe(`/integrations/calendly/${owner.id}`);
    const calls = calendly.oauth.tokenCalls.length;
    // The same return again: the state is spent.
    expect(await comeBack(redirect, started.browser.cookie)).toBe(
      '/integrations/calendly?calendly_error=state',
    );
    const forged = new URL(redirect);
    forged.searchParams.set('state', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(await comeBack(forged.toString(), started.browser.cookie)).toBe(
      '/integrations/calendly?calendly_error=state',
    );
    expect(await comeBack(`${app.origin}/api/webhooks/calendly/oauth`, started.browser.cookie)).toBe(
      '/integrations/calendly?calendly_error=state',
    );
    expect(calendly.oauth.tokenCalls.length).toBe(calls);

    const other = await ownerWithCalendly();
    const refused = await startConsent(other.token, other.id);
    expect(await comeBack(calendly.oauth.deny(refused.url), refused.browser.cookie)).toBe(
      `/integrations/calendly/${other.id}?calendly_error=denied`,
    );
    expect((await view(other.token, other.id)).connected).toBe(false);
  });

  it("another account's consent, approved in this owner's browser, binds nothing into either account", async () => {
    const victim = await ownerWithCalendly();
    const mine = await startConsent(victim.token, victim.id);
    const attacker = await ownerWithCalendly();
    const theirs = await startConsent(attacker.token, attacker.id);
    const calls = calendly.oauth.tokenCalls.length;
    // The attacker's consent link, approved by the victim, comes back to the victim's browser.
    const approved = calendly.oauth.approve(theirs.url);
    expect(await comeBack(approved, mine.browser.cookie)).toBe('/integrations/calendly?calendly_error=state');
    // Nor without any cookie (another device).
    expect(await comeBack(approved, '')).toBe('/integrations/calendly?calendly_error=state');
    expect(calendly.oauth.tokenCalls.length).toBe(calls);
    expect((await view(victim.token, victim.id)).connected).toBe(false);
    expect((await view(attacker.token, attacker.id)).connected).toBe(false);
    // The state was left unspent: in the browser that started it, it still finishes its own integration.
    expect(await comeBack(approved, theirs.browser.cookie)).toBe(`/integrations/calendly/${attacker.id}`);
    expect((await view(victim.token, victim.id)).connected).toBe(false);
  });

  it('without the application configured, the token form is the way in and the consent is refused', async () => {
    const owner = await ownerWithCalendly();
    const saved = app.t.settings.oauthClients;
    app.t.settings.oauthClients = {};
    try {
      const shown = await view(owner.token, owner.id);
      expect(shown).toMatchObject({ configured: false });
      expect(shown.consent_page).toBeUndefined();
      const consent = await app.call('POST', `/api/integrations/${owner.id}/consent`, { token: owner.token });
      expect(consent.status).toBe(409);
      const saving = await app.call('PATCH', `/api/integrations/${owner.id}`, {
        token: owner.token,
        body: { connection_data: { token: calendly.token } },
      });
      expect(saving.status, JSON.stringify(saving.json)).toBe(200);
      const connected = await app.call('POST', `/api/integrations/connect/${owner.id}`, {
        token: owner.token,
      });
      expect(connected.status, JSON.stringify(connected.json)).toBe(200);
      expect(connected.json.connection_data.auth).toBe('token');
    } finally {
      app.t.settings.oauthClients = saved;
    }
  });
});

describe('Calendly: the OAuth tokens', () => {
  it('refreshes an ending access token once for two readers of the stale row, and the refresh token rotates', async () => {
    const owner = await connectedByConsent();
    const stale = await rowOf(owner.id);
    const oldRefresh = await secret(owner.id, 'refresh_token');
    const before = tokenCalls('refresh_token').length;
    app.t.clock.advance(2 * HOUR + 60_000);
    const ctx = { ports: app.t.ports, settings: app.t.settings };
    const [a, b] = await Promise.all([calendlyApi(ctx, stale), calendlyApi(ctx, stale)]);
    const [userA, userB] = await Promise.all([a.me(), b.me()]);
    expect(userA.uri).toBe(calendly.user.uri);
    expect(userB.uri).toBe(calendly.user.uri);
    expect(tokenCalls('refresh_token').slice(before)).toEqual([{ grant_type: 'refresh_token', status: 200 }]);
    const newRefresh = await secret(owner.id, 'refresh_token');
    expect(newRefresh).not.toBe(oldRefresh);
    // The spent refresh token no longer works at Calendly.
    const reuse = await fetch(`${calendly.url}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: oldRefresh ?? '' }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    // Reconnecting later keeps working on the rotated pair.
    app.t.clock.advance(2 * HOUR + 60_000);
    const again = await app.call('POST', `/api/integrations/connect/${owner.id}`, { token: owner.token });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(await secret(owner.id, 'refresh_token')).not.toBe(newRefresh);
  });

  it('an access token Calendly refuses before its end is refreshed once and the call made again', async () => {
    const owner = await connectedByConsent();
    const before = tokenCalls('refresh_token').length;
    calendly.oauth.endAccessTokens();
    const api = await calendlyApi({ ports: app.t.ports, settings: app.t.settings }, await rowOf(owner.id));
    expect((await api.me()).uri).toBe(calendly.user.uri);
    expect(tokenCalls('refresh_token').slice(before)).toEqual([{ grant_type: 'refresh_token', status: 200 }]);
  });

  it('a grant revoked in Calendly leaves the integration not connected, with the reason in the log', async () => {
    const owner = await connectedByConsent();
    calendly.oauth.revokeGrant();
    app.t.clock.advance(2 * HOUR + 60_000);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const ctx = { ports: app.t.ports, settings: app.t.settings };
      await expect(calendlyApi(ctx, await rowOf(owner.id))).rejects.toThrow(/refresh token was refused/);
      const logged = warn.mock.calls.map((call) => String(call[0])).join('\n');
      expect(logged).toContain(`integration ${owner.id} (calendly): the refresh token was refused`);
      expect(logged).toContain('invalid_grant');
    } finally {
      warn.mockRestore();
    }
    const shown = await view(owner.token, owner.id);
    expect(shown.connected).toBe(false);
    expect(await secret(owner.id, 'refresh_token')).toBeNull();
    const retry = await app.call('POST', `/api/integrations/connect/${owner.id}`, { token: owner.token });
    expect(retry.status).toBe(422);
  });
});
