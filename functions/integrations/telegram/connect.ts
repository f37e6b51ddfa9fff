import type { Integration } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import { SecretUnreadable } from '../../secrets/secret-box';
import { randomToken } from '../../shared/same-secret';
import { TELEGRAM_TOKEN_PATTERN } from '../../shared/telegram';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, type IntegrationModule, webhookUrl } from '../module';
import { DEFAULT_TELEGRAM_API_ROOT, TelegramApiError, TelegramClient } from './api';

/**
 * Telegram bots (SPEC §3 integration type telegram). The owner pastes the token @BotFather gave
 * them into connection_data.token; connecting checks it with getMe and points the bot's webhook at
 * this product with a fresh random secret, which Telegram then sends with every update. Both are
 * kept encrypted (connection-secrets.ts) and opened only here, where they are used.
 */

/**
 * The bot token the owner saved, when it has a token's shape. Throws SecretUnreadable when the
 * stored token does not open under SECRETS_KEY.
 */
export async function telegramToken(settings: AppSettings, integration: Integration): Promise<string | null> {
  const token = (await openConnectionSecret(settings.secretsKey, integration, 'token'))?.trim();
  return token && TELEGRAM_TOKEN_PATTERN.test(token) ? token : null;
}

/** The webhook secret that connecting registered; null before the first connection. */
export const telegramWebhookSecret = (settings: AppSettings, integration: Integration) =>
  openConnectionSecret(settings.secretsKey, integration, 'webhook_secret');

export const telegramClient = (settings: AppSettings, token: string) =>
  new TelegramClient(token, { apiRoot: apiRootFor(settings, 'telegram', DEFAULT_TELEGRAM_API_ROOT) });

export const telegramConnection: Pick<IntegrationModule, 'connect' | 'disconnect'> = {
  async connect(integration, ctx) {
    let token: string | null;
    try {
      token = await telegramToken(ctx.settings, integration);
    } catch (error) {
      if (error instanceof SecretUnreadable) return { ok: false, reason: error.message };
      throw error;
    }
    if (!token) return { ok: false, reason: 'no bot token of the right shape in connection_data.token' };
    const client = telegramClient(ctx.settings, token);
    try {
      const me = await client.getMe();
      // 43 characters of [A-Za-z0-9_-]: Telegram allows 1-256 of them in secret_token.
      const secret = randomToken();
      await client.setWebhook(webhookUrl(ctx.settings, integration), secret);
      return {
        ok: true,
        integrationAccountId: me.username,
        connectionData: {
          webhook_secret: secret,
          bot_id: me.id,
          bot_username: me.username,
          bot_name: me.firstName,
        },
      };
    } catch (error) {
      if (error instanceof TelegramApiError) return { ok: false, reason: error.message };
      throw error;
    }
  },

  async disconnect(integration, ctx) {
    const token = await telegramToken(ctx.settings, integration);
    if (token) await telegramClient(ctx.settings, token).deleteWebhook();
  },
};
