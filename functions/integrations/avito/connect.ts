import { SecretUnreadable } from '../../secrets/secret-box';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { randomToken } from '../../shared/same-secret';
import type { IntegrationModule } from '../module';
import {
  avitoClient,
  avitoClientOf,
  avitoCredentials,
  avitoWebhookSecret,
  avitoWebhookUri,
  issueToken,
} from './account';
import { AvitoError } from './client';
import { avitoTokenKey, keepAvitoToken } from './tokens';

/**
 * Connecting an Avito account (reference/messengers.md §5). The owner gives the client id and
 * secret of their account's "API для бизнеса": a token asked for with them checks both (a wrong
 * pair is refused before anything is set up or saved), GET /core/v1/accounts/self learns the
 * account's user id (every webhook names it) and name, and the Messenger's webhooks are pointed at
 * this integration's address, which carries a fresh random secret in its query string: Avito
 * documents no signature of its deliveries, so the unguessable address is what proves them.
 */

const failure = (reason: string) => ({ ok: false as const, reason });

export const avitoConnection: Pick<IntegrationModule, 'connect' | 'disconnect'> = {
  async connect(integration, ctx) {
    let credentials: Awaited<ReturnType<typeof avitoCredentials>>;
    let previous: string | null = null;
    try {
      credentials = await avitoCredentials(ctx.settings, integration);
      if (integration.connectionData[CONNECTED_AT])
        previous = await avitoWebhookSecret(ctx.settings, integration);
    } catch (error) {
      if (error instanceof SecretUnreadable) return failure(error.message);
      throw error;
    }
    if (!credentials) return failure('no client id and secret of the right shape in connection_data');
    const secret = randomToken();
    try {
      const token = await issueToken(ctx.settings, credentials);
      const key = avitoTokenKey(integration.id, credentials.clientId, credentials.clientSecret);
      await keepAvitoToken(ctx.settings, ctx.ports, key, token);
      const client = await avitoClient(ctx, integration.id, credentials);
      const self = await client.self();
      // Connecting again: the old address (with its old secret) gets nothing more.
      if (previous) {
        await client.unsubscribe(avitoWebhookUri(ctx.settings, integration, previous)).catch((error) => {
          console.warn(`integration ${integration.id} (avito): the old webhook stays: ${String(error)}`);
        });
      }
      await client.subscribe(avitoWebhookUri(ctx.settings, integration, secret));
      return {
        ok: true,
        integrationAccountId: self.name ?? self.userId,
        connectionData: {
          webhook_secret: secret,
          user_id: self.userId,
          account_name: self.name,
          profile_url: self.profileUrl,
        },
      };
    } catch (error) {
      if (error instanceof AvitoError) return failure(error.message);
      throw error;
    }
  },

  /** Stops the deliveries to this integration's address (other addresses of the account stay). */
  async disconnect(integration, ctx) {
    const client = await avitoClientOf(ctx, integration);
    const secret = await avitoWebhookSecret(ctx.settings, integration);
    if (!client || !secret) return;
    await client.unsubscribe(avitoWebhookUri(ctx.settings, integration, secret));
  },
};
