import type { FakeTelegram } from '../tests/fakes/telegram';
import { type LoadFigures, load } from './load';

/** An authenticated API call of the bench's owner. */
export type OwnerCall = (
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
) => Promise<Record<string, unknown>>;

/** How many customers the updates come from: each writes in their own chat, as in a busy bot. */
const CUSTOMERS = 500;

/**
 * A Telegram bot of the fake Bot API connected as an integration, and a working bot of the product
 * (`settings` besides its name and prompt) listening on it; the webhook's secret.
 */
export async function connectedTelegramBot(
  telegram: FakeTelegram,
  call: OwnerCall,
  username: string,
  settings: Record<string, unknown>,
) {
  const bot = telegram.addBot(username, username);
  const integration = (await call('POST', '/api/integrations', {
    type: 'telegram',
    connection_data: { token: bot.token },
  })) as { id: string };
  await call('POST', `/api/integrations/connect/${integration.id}`, {});
  const created = await call('POST', '/api/bot', {
    name: username,
    system_prompt: 'Answer briefly.',
    conditions: { channels: [integration.id] },
    ...settings,
  });
  await call('PATCH', `/api/bot/${created.id}`, { is_work: true });
  const secret = telegram.webhookOf(bot.token)?.secretToken;
  if (!secret) throw new Error('the integration did not register its webhook');
  return { bot, integration, secret };
}

/**
 * Telegram updates accepted per second by POST /api/webhooks/telegram/{id}: a Telegram integration
 * connected against the fake Bot API, bound to a bot that waits 60 s before answering, so the figure
 * is taking updates in (secret check, parse, store once, schedule the answer), not answering them.
 * Every request carries a new update_id, so none is a redelivery.
 */
export async function telegramWebhookLoad(
  serverUrl: string,
  telegram: FakeTelegram,
  call: OwnerCall,
): Promise<LoadFigures> {
  const { bot, integration, secret } = await connectedTelegramBot(telegram, call, 'bench_shop_bot', {
    accumulation_messages_seconds: 60,
  });

  let updateId = 1;
  return load(
    `${serverUrl}/api/webhooks/telegram/${integration.id}`,
    { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
    {
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const id = updateId++;
            const update = telegram.userWrites(bot.token, 1_000_000 + (id % CUSTOMERS), {
              text: 'Здравствуйте, можно записаться на завтра?',
              updateId: id,
            });
            return { ...request, body: JSON.stringify(update) };
          },
        },
      ],
    },
  );
}
