import { expect } from 'vitest';
import type { FakeWhatsAppBusiness, FakeWhatsAppCloud } from '../../fakes/whatsapp-cloud';
import type { TestApp } from '../../support/test-app';
import { type Call, signedInUser } from './client';
import { createWorkingBot } from './engine';

export type Owner = Awaited<ReturnType<typeof signedInUser>>;

/**
 * Meta as the customer's phone, the owner's dashboard and the Graph API, around one test app: the
 * fake's handshake and webhooks are handed to the app in-process (its public URL is not reachable).
 */
export function whatsappTestbed(t: TestApp, call: Call, meta: FakeWhatsAppCloud) {
  meta.deliverVia((url, init) => Promise.resolve(t.app.request(url, init)));

  /** The connection_data the owner types for `business`. */
  const typed = (business: FakeWhatsAppBusiness) => ({
    phone_number_id: business.phoneNumberId,
    waba_id: business.wabaId,
    access_token: business.token,
    app_secret: business.appSecret,
  });

  async function addWhatsApp(owner: Owner, connectionData: Record<string, unknown>) {
    const created = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'whatsapp', connection_data: connectionData },
    });
    expect(created.status).toBe(201);
    return created.json.id as string;
  }

  /**
   * An owner whose number is connected and whose app's callback URL and verify token are saved in
   * Meta's dashboard (the handshake passed); with `bot`, a working bot answers in it.
   */
  async function connectedOwner(
    botSettings?: Record<string, unknown>,
    business: Partial<FakeWhatsAppBusiness> = {},
  ) {
    const owner = await signedInUser(t);
    const fake = meta.addBusiness(business);
    const integrationId = await addWhatsApp(owner, typed(fake));
    const connected = await call('POST', `/api/integrations/connect/${integrationId}`, {
      token: owner.token,
    });
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    const { webhook_url: url, verify_token: verifyToken } = connected.json.connection_data;
    expect(await meta.configureWebhook(fake, url, verifyToken)).toBe(true);
    const botId = botSettings
      ? await createWorkingBot(call, owner.token, {
          conditions: { channels: [integrationId] },
          ...botSettings,
        })
      : null;
    return { owner, business: fake, integrationId, botId, view: connected.json };
  }

  /** POSTs exact bytes to the integration's webhook with a signature header (or none). */
  function postHook(integrationId: string, raw: string, signature?: string) {
    return t.app.request(`/api/webhooks/whatsapp/${integrationId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'facebookexternalua',
        ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
      },
      body: raw,
    });
  }

  /** The GET handshake as Meta sends it. */
  function handshake(integrationId: string, query: Record<string, string>) {
    return t.app.request(`/api/webhooks/whatsapp/${integrationId}?${new URLSearchParams(query)}`);
  }

  return { addWhatsApp, connectedOwner, postHook, handshake, typed };
}

export type WhatsAppTestbed = ReturnType<typeof whatsappTestbed>;
export type ConnectedWhatsApp = Awaited<ReturnType<WhatsAppTestbed['connectedOwner']>>;
