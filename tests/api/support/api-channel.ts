import { expect } from 'vitest';
import type { FakeApiChannelClient } from '../../fakes/api-channel-client';
import type { TestApp } from '../../support/test-app';
import { type Call, signedInUser } from './client';
import { createWorkingBot } from './engine';

export type Owner = Awaited<ReturnType<typeof signedInUser>>;

/**
 * The API channel around one test app: the fake client system posts to the app in-process and
 * takes the callbacks on its own port (the app allows local addresses in tests).
 */
export function apiChannelTestbed(t: TestApp, call: Call, client: FakeApiChannelClient) {
  async function addApiChannel(owner: Owner, callbackUrl: string | null = client.callbackUrl) {
    const created = await call('POST', '/api/integrations', {
      token: owner.token,
      body: {
        type: 'api_channel',
        connection_data: callbackUrl === null ? {} : { callback_url: callbackUrl },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.id as string;
  }

  /** An owner with the channel connected and its secret given to the client; with `bot`, a working bot answers in it. */
  async function connectedOwner(botSettings?: Record<string, unknown>) {
    const owner = await signedInUser(t);
    const integrationId = await addApiChannel(owner);
    const connected = await call('POST', `/api/integrations/connect/${integrationId}`, {
      token: owner.token,
    });
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    const shown = await call('GET', `/api/integrations/${integrationId}/signing-secret`, {
      token: owner.token,
    });
    expect(shown.status).toBe(200);
    const secret = shown.json.secret as string;
    client.trustSecret(integrationId, secret);
    const botId = botSettings
      ? await createWorkingBot(call, owner.token, {
          conditions: { channels: [integrationId] },
          ...botSettings,
        })
      : null;
    return { owner, integrationId, secret, botId };
  }

  return { addApiChannel, connectedOwner };
}

export type ApiChannelTestbed = ReturnType<typeof apiChannelTestbed>;
export type ConnectedApiChannel = Awaited<ReturnType<ApiChannelTestbed['connectedOwner']>>;
