import { SecretUnreadable } from '../../secrets/secret-box';
import { randomToken } from '../../shared/same-secret';
import { type IntegrationModule, webhookUrl } from '../module';
import { callbackAllowed, callbackUrlOf, SECRET_FIELD, signingSecretOf } from './account';

const failure = (reason: string) => ({ ok: false as const, reason });

/**
 * Connecting an API channel: the callback URL must be one the installation may call (https, a
 * public address); the signing secret is made on the first connection (the page shows it once) and
 * kept when the owner connects again, so the account's system goes on signing with it. Nothing is
 * registered anywhere, so there is nothing to undo on disconnecting: callbacks still queued then
 * become dead letters ("not connected").
 */
export const apiChannelConnection: Pick<IntegrationModule, 'connect'> = {
  async connect(integration, ctx) {
    const url = callbackUrlOf(integration);
    if (!url) return failure('no callback URL');
    if (!callbackAllowed(ctx.settings, url)) return failure('the callback URL is not an allowed address');
    let kept: string | null;
    try {
      kept = await signingSecretOf(ctx.settings, integration);
    } catch (error) {
      if (error instanceof SecretUnreadable) return failure(error.message);
      throw error;
    }
    return {
      ok: true,
      integrationAccountId: new URL(url).host,
      connectionData: {
        webhook_url: webhookUrl(ctx.settings, integration),
        ...(kept ? {} : { [SECRET_FIELD]: randomToken() }),
      },
    };
  },
};
