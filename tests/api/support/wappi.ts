import { expect } from 'vitest';
import type { FakeWappi, FakeWappiProfile } from '../../fakes/wappi';
import type { TestApp } from '../../support/test-app';
import { type Call, signedInUser } from './client';
import { createWorkingBot } from './engine';

export type Owner = Awaited<ReturnType<typeof signedInUser>>;

/**
 * Wappi as the customer's and the owner's phone and as the API, around one test app: the fake's
 * webhooks are handed to the app in-process (its public URL is not reachable), as Telegram's tests
 * post updates.
 */
export function wappiTestbed(t: TestApp, call: Call, wappi: FakeWappi) {
  wappi.deliverVia((url, init) => Promise.resolve(t.app.request(url, init)));

  async function addWappi(owner: Owner, connectionData: Record<string, unknown>) {
    const created = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'wappi', connection_data: connectionData },
    });
    expect(created.status).toBe(201);
    return created.json.id as string;
  }

  /** The secret in the webhook address the profile delivers to now. */
  function secretOf(profile: FakeWappiProfile): string {
    const secret = profile.webhookUrl ? new URL(profile.webhookUrl).searchParams.get('secret') : null;
    if (!secret) throw new Error('no webhook set with a secret');
    return secret;
  }

  /**
   * An owner whose Wappi profile is connected (authorised unless `profile` says otherwise); with
   * `bot`, a working bot of the product answers in it.
   */
  async function connectedOwner(
    botSettings?: Record<string, unknown>,
    profile: Partial<FakeWappiProfile> = {},
  ) {
    const owner = await signedInUser(t);
    const fake = wappi.addProfile({ authorized: true, ...profile });
    const integrationId = await addWappi(owner, { api_key: wappi.token, profile_id: fake.profileId });
    const connected = await call('POST', `/api/integrations/connect/${integrationId}`, {
      token: owner.token,
    });
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    const botId = botSettings
      ? await createWorkingBot(call, owner.token, {
          conditions: { channels: [integrationId] },
          ...botSettings,
        })
      : null;
    return { owner, profile: fake, integrationId, secret: secretOf(fake), botId, view: connected.json };
  }

  /** POSTs a body to the integration's webhook as Wappi would, with `secret` in the address. */
  function postHook(integrationId: string, body: unknown, secret?: string) {
    const query = secret === undefined ? '' : `?secret=${encodeURIComponent(secret)}`;
    return t.app.request(`/api/webhooks/wappi/${integrationId}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'WappiWH' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  return { addWappi, connectedOwner, postHook, secretOf };
}

export type WappiTestbed = ReturnType<typeof wappiTestbed>;
export type ConnectedWappi = Awaited<ReturnType<WappiTestbed['connectedOwner']>>;
