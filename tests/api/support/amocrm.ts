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
 * connects through a consent started here (its single-use state) or confirms a market install (a
 * code without our state), both handed over sealed as /amo/install does; a bot answers in it.
 */
export function amoTestbed(app: ReachableApp, fake: () => FakeAmo) {
  /** What /amo/install hands the server: answered with the sealed ticket. */
  async function installTicket(fields: {
    code?: string;
    referer?: string;
    state?: string;
    platform?: string;
  }) {
    const answer = await app.call('POST', '/api/webhooks/amo/install', { body: fields });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json as { type: string; account: string; ticket: string; consent: boolean };
  }

  /** A market install the owner confirmed: a new integration with the sealed code (not connected yet). */
  async function addAmo(token: string, code = fake().issueCode(), referer = fake().referer) {
    const { ticket, type } = await installTicket({ code, referer });
    const created = await app.call('POST', '/api/integrations', {
      token,
      body: { type, connection_data: { install: ticket } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.id as string;
  }

  /** The state of a consent the owner starts for integration `id` (the consent page's address). */
  async function consentState(token: string, id: string) {
    const started = await app.call('POST', `/api/integrations/${id}/consent`, { token });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    return new URL(started.json.url as string).searchParams.get('state') ?? '';
  }

  /** The consent page came back with a code and `state`; the signed-in owner finishes it. */
  async function finishConsent(token: string, state: string, code = fake().issueCode()) {
    const { ticket } = await installTicket({ code, referer: fake().referer, state });
    return app.call('POST', '/api/integrations/amo/finish', { token, body: { ticket } });
  }

  /**
   * An owner whose amoCRM account is connected with the Salesbot set; with `bot`, a working bot of the
   * product answers in it (its settings merged in).
   */
  async function connectedOwner(
    options: { bot?: Record<string, unknown>; settings?: Record<string, unknown> } = {},
  ) {
    const owner = await signedInUser(app.t);
    const created = await app.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'amocrm' },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const integrationId = created.json.id as string;
    const connected = await finishConsent(owner.token, await consentState(owner.token, integrationId));
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    expect(connected.json.id).toBe(integrationId);
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

  return { installTicket, addAmo, consentState, finishConsent, connectedOwner, secretOf, repliesTo };
}
