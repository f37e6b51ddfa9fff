import type { Integration } from '../../../db/schema';
import { SecretUnreadable } from '../../secrets/secret-box';
import type { ServiceContext } from '../../services/context';
import { randomToken } from '../../shared/same-secret';
import { wappiPhone } from '../../shared/wappi';
import { type IntegrationModule, webhookUrl } from '../module';
import { profileUsedElsewhere, wappiClientOf, wappiProfileId } from './account';
import { WappiError } from './client';

/**
 * Connecting a Wappi profile (SPEC §3 wappi; reference/messengers.md §2). The owner makes the
 * profile (one WhatsApp number) in the Wappi cabinet and gives its id with the API token: the
 * status call checks both (a wrong token answers 401, an unknown profile 404). The profile's webhooks
 * are pointed at this integration's address, which carries a fresh random secret in its query
 * string (how Wappi would send its own `auth` value is UNVERIFIED), for the types the module reads.
 * Profiles could be made by API too (`profile/add`, peers only), but a profile is paid for in the
 * owner's Wappi account, so the owner makes it there.
 */

/** The query parameter the secret rides in. */
export const SECRET_PARAMETER = 'secret';

/** The address Wappi delivers to, secret included. */
export const wappiWebhookUri = (ctx: ServiceContext, integration: Integration, secret: string) =>
  `${webhookUrl(ctx.settings, integration)}?${SECRET_PARAMETER}=${encodeURIComponent(secret)}`;

/** How the profile is named among the owner's integrations: its number once known, else its name. */
export const wappiAccountId = (phone: string | null, name: string | null, profileId: string) =>
  phone ? wappiPhone(phone) : (name ?? profileId);

const failure = (reason: string) => ({ ok: false as const, reason });

export const wappiConnection: Pick<IntegrationModule, 'connect' | 'disconnect'> = {
  async connect(integration, ctx) {
    let client: Awaited<ReturnType<typeof wappiClientOf>>;
    try {
      client = await wappiClientOf(ctx.settings, integration);
    } catch (error) {
      if (error instanceof SecretUnreadable) return failure(error.message);
      throw error;
    }
    if (!client) return failure('no token or profile id of the right shape in connection_data');
    const secret = randomToken();
    try {
      const status = await client.status();
      await client.subscribe(wappiWebhookUri(ctx, integration, secret));
      // The name only labels the profile: a list Wappi does not give leaves it unnamed.
      const name = await client.profileName().catch((error: unknown) => {
        console.warn(
          `integration ${integration.id} (wappi): the profile's name is unknown: ${String(error)}`,
        );
        return null;
      });
      const phone = status.authorized ? status.phone : null;
      return {
        ok: true,
        integrationAccountId: wappiAccountId(phone, name, wappiProfileId(integration) ?? ''),
        connectionData: {
          webhook_secret: secret,
          profile_name: name,
          phone,
          authorized: status.authorized,
        },
      };
    } catch (error) {
      if (error instanceof WappiError) return failure(error.message);
      throw error;
    }
  },

  /**
   * Stops the profile's webhooks, unless another connected integration names the same profile now
   * (its webhooks go there).
   */
  async disconnect(integration, ctx) {
    const client = await wappiClientOf(ctx.settings, integration);
    if (!client || (await profileUsedElsewhere(ctx, integration))) return;
    await client.unsubscribe();
  },
};
