import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { receiveTelegramUpdate } from '../../services/webhooks/telegram-webhook';

/** Telegram sends this header with every update when setWebhook was given a secret_token. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * POST /api/webhooks/telegram/{integrationId}. 200 with an empty JSON object once the update is
 * taken (stored, a redelivery, or nothing to answer): Telegram reads a body with a `method` as a
 * call to make, so the answer carries none.
 */
export const telegramWebhookHandlers = factory.createHandlers(async (c) => {
  const secret = c.req.header(TELEGRAM_SECRET_HEADER);
  const integrationId = c.req.param('integrationId') ?? '';
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    body = undefined;
  }
  // Unreadable JSON reaches the service as nothing, which answers 400 only after the secret checks out.
  await receiveTelegramUpdate(serviceContext(c), integrationId, secret, body);
  return c.json({});
});
