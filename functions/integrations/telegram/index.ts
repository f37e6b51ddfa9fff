import * as v from 'valibot';
import { sameSecret } from '../../shared/same-secret';
import type { IntegrationModule } from '../module';
import { telegramConnection, telegramWebhookSecret } from './connect';
import { telegramInbound, telegramUpdateSchema } from './inbound';
import { telegramSender } from './send';

/** Telegram sends this header with every update when setWebhook was given a secret_token. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * Telegram bots (SPEC §3 telegram): the owner's @BotFather token, updates by webhook carrying the
 * secret that connecting registered, replies through sendMessage.
 */
export const telegramModule: IntegrationModule = {
  type: 'telegram',
  ...telegramConnection,
  inbound: {
    async verify(settings, integration, request) {
      const secret = await telegramWebhookSecret(settings, integration);
      const header = request.header(TELEGRAM_SECRET_HEADER);
      return Boolean(secret && header && sameSecret(header, secret));
    },
    parse(_integration, request) {
      const update = v.safeParse(telegramUpdateSchema, request.body);
      if (!update.success) return null;
      const message = telegramInbound(update.output);
      return { messages: message ? [message] : [] };
    },
  },
  sender: telegramSender,
};
