import { expect } from 'vitest';
import type { FakeAvito, FakeAvitoAccount } from '../../fakes/avito';
import type { TestApp } from '../../support/test-app';
import { type Call, signedInUser } from './client';
import { createWorkingBot } from './engine';

export type Owner = Awaited<ReturnType<typeof signedInUser>>;

/**
 * Avito as the buyers, the account's managers and the API, around one test app: the fake's
 * webhooks are handed to the app in-process (its public URL is not reachable).
 */
export function avitoTestbed(t: TestApp, call: Call, avito: FakeAvito) {
  avito.deliverVia((url, init) => Promise.resolve(t.app.request(url, init)));

  async function addAvito(owner: Owner, connectionData: Record<string, unknown>) {
    const created = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'avito', connection_data: connectionData },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.id as string;
  }

  /** The secret in the address the account delivers to for `integrationId`. */
  function secretOf(account: FakeAvitoAccount, integrationId: string): string {
    const url = account.subscriptions.find((one) => one.includes(integrationId));
    const secret = url ? new URL(url).searchParams.get('secret') : null;
    if (!secret) throw new Error('no webhook subscribed with a secret');
    return secret;
  }

  /** An owner whose Avito account is connected; with `bot`, a working bot answers in it. */
  async function connectedOwner(botSettings?: Record<string, unknown>, account = avito.addAccount()) {
    const owner = await signedInUser(t);
    const integrationId = await addAvito(owner, {
      client_id: account.clientId,
      client_secret: account.clientSecret,
    });
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
    return {
      owner,
      account,
      integrationId,
      secret: secretOf(account, integrationId),
      botId,
      view: connected.json,
    };
  }

  /** POSTs a body to the integration's webhook as Avito would, with `secret` in the address. */
  function postHook(integrationId: string, body: unknown, secret?: string) {
    const query = secret === undefined ? '' : `?secret=${encodeURIComponent(secret)}`;
    return t.app.request(`/api/webhooks/avito/${integrationId}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  return { addAvito, connectedOwner, postHook, secretOf };
}

export type AvitoTestbed = ReturnType<typeof avitoTestbed>;
export type ConnectedAvito = Awaited<ReturnType<AvitoTestbed['connectedOwner']>>;
