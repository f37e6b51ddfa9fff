import type { Integration } from '../../../db/schema';
import { SecretUnreadable } from '../../secrets/secret-box';
import type { ServiceContext } from '../../services/context';
import { randomToken } from '../../shared/same-secret';
import { type WazzupChannelView, wazzupPhone } from '../../shared/wazzup';
import type { IntegrationModule } from '../module';
import { webhookUrl } from '../module';
import {
  chosenChannelData,
  chosenChannelId,
  wazzupApiKey,
  wazzupClient,
  wazzupWebhookSecret,
  whatsappChannels,
} from './account';
import { WazzupError } from './client';

/**
 * Connecting a Wazzup account (SPEC §3 wazzup): the owner's API key is checked by listing the
 * channels; the account's webhooks are pointed at this integration's address, which carries a fresh
 * random secret in its query string (Wazzup signs nothing, reference §1.3.1), and Wazzup's
 * `{"test":true}` probe of it is answered by the pipeline. The WhatsApp channels are kept; with
 * exactly one it is the chosen one, with several the owner chooses in the settings.
 */

/** Wazzup keeps at most this many characters of the webhook address. */
const MAX_WEBHOOK_URI = 200;
/** The query parameter the secret rides in. */
export const SECRET_PARAMETER = 'secret';

/** The address Wazzup delivers to, secret included. */
export const wazzupWebhookUri = (ctx: ServiceContext, integration: Integration, secret: string) =>
  `${webhookUrl(ctx.settings, integration)}?${SECRET_PARAMETER}=${encodeURIComponent(secret)}`;

/** The channel to answer in: the chosen one while it still exists, else the only one, else none. */
function pickChannel(channels: WazzupChannelView[], chosen: string | null): WazzupChannelView | undefined {
  const kept = channels.find((channel) => channel.id === chosen);
  if (kept) return kept;
  return channels.length === 1 ? channels[0] : undefined;
}

const failure = (reason: string) => ({ ok: false as const, reason });

export const wazzupConnection: Pick<IntegrationModule, 'connect' | 'disconnect'> = {
  async connect(integration, ctx) {
    let apiKey: string | null;
    try {
      apiKey = await wazzupApiKey(ctx.settings, integration);
    } catch (error) {
      if (error instanceof SecretUnreadable) return failure(error.message);
      throw error;
    }
    if (!apiKey) return failure('no API key of the right shape in connection_data.api_key');
    const client = wazzupClient(ctx.settings, apiKey);
    const secret = randomToken();
    const uri = wazzupWebhookUri(ctx, integration, secret);
    if (uri.length > MAX_WEBHOOK_URI) {
      return failure(`the webhook address is ${uri.length} characters; Wazzup takes ${MAX_WEBHOOK_URI}`);
    }
    try {
      const channels = whatsappChannels(await client.listChannels());
      // The probe Wazzup sends now is answered before the secret is stored: it carries nothing.
      await client.subscribe(uri);
      const chosen = pickChannel(channels, chosenChannelId(integration));
      return {
        ok: true,
        integrationAccountId: chosen ? wazzupPhone(chosen.phone) : null,
        connectionData: {
          webhook_secret: secret,
          channels,
          channel_id: chosen?.id ?? null,
          ...chosenChannelData(chosen),
        },
      };
    } catch (error) {
      if (error instanceof WazzupError) return failure(error.message);
      throw error;
    }
  },

  /**
   * Turns the account's webhooks off, when they still come here: Wazzup has one webhook address
   * per account, and another integration with the same key may have taken it since.
   */
  async disconnect(integration, ctx) {
    const apiKey = await wazzupApiKey(ctx.settings, integration);
    const secret = await wazzupWebhookSecret(ctx.settings, integration);
    if (!apiKey || !secret) return;
    const client = wazzupClient(ctx.settings, apiKey);
    const ours = wazzupWebhookUri(ctx, integration, secret);
    const { webhooksUri } = await client.webhooks();
    if (webhooksUri !== ours) return;
    await client.unsubscribe(ours);
  },
};
