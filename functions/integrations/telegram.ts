import type { Integration } from '../../db/schema';
import type { AppSettings } from '../ports';
import { randomToken } from '../shared/same-secret';
import { TELEGRAM_TOKEN_PATTERN } from '../shared/telegram';
import type { Connector } from './connector';
import { TelegramApiError, TelegramClient } from './telegram-api';

/**
 * Telegram bots (SPEC §3 integration type telegram). The owner pastes the token @BotFather gave
 * them into connection_data.token; connecting checks it with getMe and points the bot's webhook at
 * this product with a fresh random secret, which Telegram then sends with every update.
 */

/** The bot token the owner saved, when it has a token's shape. */
export function telegramToken(integration: Integration): string | null {
  const token = integration.connectionData.token;
  return typeof token === 'string' && TELEGRAM_TOKEN_PATTERN.test(token.trim()) ? token.trim() : null;
}

/** The webhook secret that connecting registered; null before the first connection. */
export function telegramWebhookSecret(integration: Integration): string | null {
  const secret = integration.connectionData.webhook_secret;
  return typeof secret === 'string' && secret !== '' ? secret : null;
}

export const telegramClient = (settings: AppSettings, token: string) =>
  new TelegramClient(token, { apiRoot: settings.telegramApiRoot });

export const telegramWebhookUrl = (settings: AppSettings, integrationId: string) =>
  `${settings.publicUrl.replace(/\/+$/, '')}/api/webhooks/telegram/${integrationId}`;

export const telegramConnector: Connector = {
  async connect(integration, ctx) {
    const token = telegramToken(integration);
    if (!token) return { ok: false, reason: 'no bot token of the right shape in connection_data.token' };
    const client = telegramClient(ctx.settings, token);
    try {
      const me = await client.getMe();
      // 43 characters of [A-Za-z0-9_-]: Telegram allows 1-256 of them in secret_token.
      const secret = randomToken();
      await client.setWebhook(telegramWebhookUrl(ctx.settings, integration.id), secret);
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
    const token = telegramToken(integration);
    if (token) await telegramClient(ctx.settings, token).deleteWebhook();
  },
};
