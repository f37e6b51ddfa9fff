import { and, eq, sql } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import type { ServiceContext } from '../../services/context';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { WAZZUP_KEY_PATTERN, type WazzupChannelView, wazzupPhone } from '../../shared/wazzup';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor } from '../module';
import { createWazzupClient, type WazzupChannel } from './client';

/**
 * What a Wazzup integration keeps (the catalogue's fields): the owner's API key and chosen channel,
 * the webhook secret connecting made, and what was learned of the account's WhatsApp channels.
 * Secrets are opened only here, where they are used.
 */

/** Wazzup's public API host; WAZZUP_API_ROOT (settings.apiRoots.wazzup) replaces it (a proxy, a fake). */
export const WAZZUP_PUBLIC_ROOT = 'https://api.wazzup24.com';

/** A 429 is waited out this many times before a call fails. */
const RATE_LIMIT_RETRIES = 3;

/** The API key the owner saved, when it has a key's shape. Throws SecretUnreadable when it does not open. */
export async function wazzupApiKey(settings: AppSettings, integration: Integration): Promise<string | null> {
  const key = (await openConnectionSecret(settings.secretsKey, integration, 'api_key'))?.trim();
  return key && WAZZUP_KEY_PATTERN.test(key) ? key : null;
}

/** The secret the webhook address carries; null before the first connection. */
export const wazzupWebhookSecret = (settings: AppSettings, integration: Integration) =>
  openConnectionSecret(settings.secretsKey, integration, 'webhook_secret');

export const wazzupClient = (settings: AppSettings, apiKey: string) =>
  createWazzupClient({
    apiKey,
    apiRoot: `${apiRootFor(settings, 'wazzup', WAZZUP_PUBLIC_ROOT)}/v3`,
    rateLimitRetries: RATE_LIMIT_RETRIES,
  });

/** The WhatsApp channel the bot answers in (connection_data.channel_id); null until one is chosen. */
export const chosenChannelId = (integration: Pick<Integration, 'connectionData'>): string | null => {
  const id = integration.connectionData.channel_id;
  return typeof id === 'string' && id !== '' ? id : null;
};

/** The account's WhatsApp channels (QR-authorised WhatsApp; WABA, Telegram, … are not this module's). */
export const whatsappChannels = (channels: WazzupChannel[]): WazzupChannelView[] =>
  channels
    .filter((channel) => channel.transport === 'whatsapp')
    .map((channel) => ({
      id: channel.channelId,
      name: channel.name?.trim() || null,
      phone: channel.plainId,
      state: channel.state,
    }));

/** The learned fields that describe `channel` as the chosen one. */
export const chosenChannelData = (channel: WazzupChannelView | undefined) => ({
  channel_name: channel?.name ?? null,
  channel_phone: channel?.phone ?? null,
  channel_state: channel?.state ?? null,
});

/**
 * Writes what was learned of the channels (never a setting or a secret) into the stored
 * connection_data, merged, so a concurrent save of the owner's settings is not undone; the external
 * account id follows the chosen channel's number (+7…). Nothing is written to an integration that is no
 * longer connected.
 */
export async function rememberChannels(
  ctx: ServiceContext,
  integration: Integration,
  learned: { channels?: WazzupChannelView[]; channel_state?: string },
): Promise<void> {
  const patch: Record<string, unknown> = {};
  let accountId: string | null | undefined;
  if (learned.channels) {
    const chosen = learned.channels.find((channel) => channel.id === chosenChannelId(integration));
    Object.assign(patch, { channels: learned.channels }, chosenChannelData(chosen));
    accountId = chosen ? wazzupPhone(chosen.phone) : null;
  }
  // The state a webhook just told is newer than the list's.
  if (learned.channel_state !== undefined) patch.channel_state = learned.channel_state;
  await ctx.ports.db
    .update(integrations)
    .set({
      connectionData: sql`${integrations.connectionData} || ${JSON.stringify(patch)}::jsonb`,
      ...(accountId === undefined ? {} : { integrationAccountId: accountId }),
    })
    .where(and(eq(integrations.id, integration.id), sql`${integrations.connectionData} ? ${CONNECTED_AT}`));
}
