import { sameSecret } from '../../shared/same-secret';
import type { IntegrationModule } from '../module';
import { profileUsedElsewhere, wappiClientOf, wappiProfileId, wappiWebhookSecret } from './account';
import { WappiError } from './client';
import { SECRET_PARAMETER, wappiConnection } from './connect';
import { wappiMessages } from './inbound';
import { wappiAuthorized, wappiLoggedOut, wappiQr } from './qr';
import { wappiSender } from './send';
import { readWappiWebhook, type WappiEvent } from './webhook';

/**
 * Wappi (SPEC §3 wappi; reference/messengers.md §2): a WhatsApp number as a profile of the owner's
 * Wappi account, reached with the owner's API token. Webhooks carry the secret in the address's
 * query string; customers' messages are answered, the owner's own from the phone are the
 * operator's (the bot's stop logic applies), our own sends' echoes are ignored. The QR to scan is
 * fetched while the settings page shows it (qr.ts); `authorization_status` says when it was scanned.
 */
export const wappiModule: IntegrationModule = {
  type: 'wappi',
  ...wappiConnection,
  inbound: {
    async verify(settings, integration, request) {
      const secret = await wappiWebhookSecret(settings, integration);
      const given = request.query(SECRET_PARAMETER);
      return Boolean(secret && given && sameSecret(given, secret));
    },
    parse(integration, request) {
      const events = readWappiWebhook(request.body);
      if (!events) return null;
      const profileId = wappiProfileId(integration) ?? '';
      // The latest word on the phone's authorisation, of this profile.
      const authorization = events
        .filter(
          (event): event is Extract<WappiEvent, { kind: 'authorization' }> => event.kind === 'authorization',
        )
        .filter((event) => !event.profileId || event.profileId === profileId)
        .at(-1);
      return {
        messages: wappiMessages(events, profileId),
        followUp: authorization
          ? async (ctx, stored) => {
              if (!authorization.online) return wappiLoggedOut(ctx, stored);
              await wappiAuthorized(ctx, stored, await wappiClientOf(ctx.settings, stored).catch(() => null));
            }
          : undefined,
      };
    },
  },
  sender: wappiSender,
  qr: wappiQr,
  /**
   * Deletes the profile (POST profile/delete, reference §2.2; peers, not Wappi's own page), unless
   * another connected integration names it. A profile Wappi no longer knows is gone already; a
   * token Wappi refuses can delete nothing, now or later.
   */
  async removeInstance(integration, ctx) {
    const client = await wappiClientOf(ctx.settings, integration);
    if (!client || (await profileUsedElsewhere(ctx, integration))) return;
    try {
      await client.deleteProfile();
    } catch (error) {
      if (error instanceof WappiError && (error.status === 404 || error.status === 401)) {
        console.warn(`integration ${integration.id} (wappi): the profile was not deleted: ${error.message}`);
        return;
      }
      throw error;
    }
  },
};
