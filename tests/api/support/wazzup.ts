import { expect } from 'vitest';
import type { FakeWazzup } from '../../fakes/wazzup';
import type { TestApp } from '../../support/test-app';
import { type Call, signedInUser } from './client';
import { createWorkingBot } from './engine';

export type Owner = Awaited<ReturnType<typeof signedInUser>>;

/** The app as the fake Wazzup reaches it: listening on a port, its public URL that address. */
export interface ReachableApp {
  t: TestApp;
  call: Call;
  origin: string;
}

/**
 * Wazzup as the customer's and the manager's side and as the API, around one reachable app; `fake`
 * answers the fake Wazzup once the file's beforeAll started it.
 */
export function wazzupTestbed(app: ReachableApp, fake: () => FakeWazzup) {
  async function addWazzup(owner: Owner, apiKey = fake().apiKey) {
    const created = await app.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'wazzup', connection_data: { api_key: apiKey } },
    });
    expect(created.status).toBe(201);
    return created.json.id as string;
  }

  /** The secret of the webhook address the fake delivers to now. */
  function secretNow(): string {
    const uri = fake().webhooksUri;
    const secret = uri ? new URL(uri).searchParams.get('secret') : null;
    if (!secret) throw new Error('no webhook subscribed with a secret');
    return secret;
  }

  /**
   * An owner whose Wazzup account is connected (the fake's webhooks now come to this integration);
   * with `bot`, a working bot of the product answers in it.
   */
  async function connectedOwner(botSettings?: Record<string, unknown>) {
    const owner = await signedInUser(app.t);
    const integrationId = await addWazzup(owner);
    const connected = await app.call('POST', `/api/integrations/connect/${integrationId}`, {
      token: owner.token,
    });
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    const botId = botSettings
      ? await createWorkingBot(app.call, owner.token, {
          conditions: { channels: [integrationId] },
          ...botSettings,
        })
      : null;
    return { owner, integrationId, secret: secretNow(), botId, view: connected.json };
  }

  /** POSTs a body to the integration's webhook as Wazzup would, with `secret` in the address. */
  function postHook(integrationId: string, body: unknown, secret?: string) {
    const query = secret === undefined ? '' : `?secret=${encodeURIComponent(secret)}`;
    return app.t.app.request(`/api/webhooks/wazzup/${integrationId}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset-utf-8' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** The texts the fake sent to `chatId` through the API, in order. */
  const sentTo = (chatId: string) =>
    fake()
      .sent.filter((one) => one.chatId === chatId)
      .map((one) => one.text ?? one.contentUri);

  return { addWazzup, connectedOwner, postHook, secretNow, sentTo };
}

export type WazzupTestbed = ReturnType<typeof wazzupTestbed>;
export type ConnectedWazzup = Awaited<ReturnType<WazzupTestbed['connectedOwner']>>;
