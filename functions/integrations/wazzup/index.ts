import { sameSecret } from '../../shared/same-secret';
import type { IntegrationModule } from '../module';
import { chosenChannelId, wazzupWebhookSecret } from './account';
import { WazzupError } from './client';
import { SECRET_PARAMETER, wazzupConnection } from './connect';
import { isOwnEcho } from './echoes';
import { isOwnChat, wazzupMessage } from './inbound';
import { wazzupChannelUpdated, wazzupQr } from './qr';
import { wazzupSender } from './send';
import { readWazzupWebhook } from './webhook';

/**
 * Wazzup (SPEC §3 wazzup; reference/messengers.md §1): a WhatsApp number connected to the owner's
 * Wazzup account, reached through its user API v3 with the owner's API key. Webhooks carry the
 * secret in the address's query string; customers' messages are answered, a manager's message
 * from the phone or the Wazzup app is the operator's (the bot's stop logic applies), our own sends'
 * echoes are ignored; the QR to scan arrives by webhook and is pushed to the settings page.
 */
export const wazzupModule: IntegrationModule = {
  type: 'wazzup',
  ...wazzupConnection,
  inbound: {
    isProbe: (request) => readWazzupWebhook(request.body)?.kind === 'probe',
    async verify(settings, integration, request) {
      const secret = await wazzupWebhookSecret(settings, integration);
      const given = request.query(SECRET_PARAMETER);
      return Boolean(secret && given && sameSecret(given, secret));
    },
    parse(integration, request) {
      const hook = readWazzupWebhook(request.body);
      if (!hook) return null;
      if (hook.kind === 'probe') return { messages: [] };
      const channelId = chosenChannelId(integration);
      const mine = hook.messages.filter((message) => isOwnChat(message, channelId));
      const customers = mine.filter((message) => !message.isEcho);
      const echoes = mine.filter((message) => message.isEcho);
      const updates = hook.channelsUpdates.filter((update) => update.channelId === channelId);
      return {
        messages: customers.flatMap((message) => wazzupMessage(message, 'customer') ?? []),
        // Whether an echo is ours is in the store (echoes.ts), so echoes are read after the messages.
        followUp:
          echoes.length + updates.length === 0
            ? undefined
            : async (ctx, stored, receive) => {
                for (const echo of echoes) {
                  if (await isOwnEcho(ctx, stored.id, echo)) continue;
                  const message = wazzupMessage(echo, 'operator');
                  if (message) await receive(message);
                }
                for (const update of updates) await wazzupChannelUpdated(ctx, stored, update);
              },
      };
    },
  },
  sender: wazzupSender,
  qr: wazzupQr,
  /**
   * The paid instance is the owner's Wazzup channel, which the user API v3 can neither delete nor
   * release (only the tech-partner API v2 has DELETE /v2/channels/{id}): the account's webhooks are
   * turned off instead, so the channel no longer reaches the product. A key Wazzup no longer knows
   * has nothing left to turn off.
   */
  async removeInstance(integration, ctx) {
    try {
      await wazzupConnection.disconnect?.(integration, ctx);
    } catch (error) {
      if (error instanceof WazzupError && error.status === 401) return;
      throw error;
    }
  },
};
