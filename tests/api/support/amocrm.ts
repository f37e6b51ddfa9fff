import { expect } from 'vitest';
import type { FakeAmo } from '../../fakes/amocrm';
import { signedInUser } from './client';
import { createWorkingBot } from './engine';
import type { ReachableApp } from './wazzup';

/** The settings that point the app's amoCRM module at the fake: its API root and OAuth application. */
export const amoSettings = (fake: FakeAmo) => ({
  apiRoots: { amocrm: fake.url },
  oauthClients: { amocrm: { id: fake.clientId, secret: fake.clientSecret } },
});

/**
 * amoCRM as the owner, the customer and the manager see it, around one reachable app: the owner
 * connects with a code the consent page gave (as /amo/install hands it over), a bot answers in it.
 */
export function amoTestbed(app: ReachableApp, fake: () => FakeAmo) {
  async function addAmo(token: string, code = fake().issueCode(), referer = fake().referer) {
    const created = await app.call('POST', '/api/integrations', {
      token,
      body: { type: 'amocrm', connection_data: { code, referer } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.id as string;
  }

  /**
   * An owner whose amoCRM account is connected with the Salesbot set; with `bot`, a working bot of the
   * product answers in it (its settings merged in).
   */
  async function connectedOwner(
    options: { bot?: Record<string, unknown>; settings?: Record<string, unknown> } = {},
  ) {
    const owner = await signedInUser(app.t);
    const integrationId = await addAmo(owner.token);
    const connected = await app.call('POST', `/api/integrations/connect/${integrationId}`, {
      token: owner.token,
    });
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    const saved = await app.call('PATCH', `/api/integrations/${integrationId}`, {
      token: owner.token,
      body: { connection_data: { salesbot_id: '4242', ...options.settings } },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.connected).toBe(true);
    const botId = options.bot
      ? await createWorkingBot(app.call, owner.token, {
          conditions: { channels: [integrationId] },
          process_scheme: 'instant',
          ...options.bot,
        })
      : null;
    return { owner, integrationId, botId, view: saved.json, connectView: connected.json };
  }

  /** The secret in the webhook address subscribed for this integration. */
  function secretOf(integrationId: string): string {
    const hook = fake().webhooks.find((one) => one.destination.includes(integrationId));
    const secret = hook ? new URL(hook.destination).searchParams.get('secret') : null;
    if (!secret) throw new Error('no webhook subscribed for the integration');
    return secret;
  }

  /** What the Salesbot sent into a lead's chat, in order. */
  const repliesTo = (leadId: number) =>
    fake()
      .salesbotRuns.filter((run) => run.entity_id === leadId)
      .map((run) => run.replyText);

  return { addAmo, connectedOwner, secretOf, repliesTo };
}
