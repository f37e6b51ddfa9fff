import type { FakeTelegram } from '../tests/fakes/telegram';
import { ms, percentile } from './stats';
import { connectedTelegramBot, type OwnerCall } from './webhook';

const ANSWERS = 40;

/** Resolves once `done()` holds, looking every millisecond; rejects after `timeoutMs`. */
async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > end) throw new Error('no reply in time');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * What a customer waits for in the embedded shape, model excluded: a Telegram update posted to the
 * `npm start` server → the bot's reply sent to the (fake) Bot API, for an instant bot whose (fake)
 * model answers at once. One customer at a time, each in a new chat, so nothing waits for anything else.
 */
export async function telegramAnswerLatency(
  serverUrl: string,
  telegram: FakeTelegram,
  call: OwnerCall,
): Promise<string> {
  const { bot, integration, secret } = await connectedTelegramBot(telegram, call, 'bench_instant_bot', {
    process_scheme: 'instant',
  });

  const waits: number[] = [];
  for (let i = 0; i < ANSWERS + 5; i++) {
    const chatId = 2_000_000 + i;
    const update = telegram.userWrites(bot.token, chatId, { text: 'Здравствуйте, вы работаете завтра?' });
    const started = performance.now();
    const response = await fetch(`${serverUrl}/api/webhooks/telegram/${integration.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
      body: JSON.stringify(update),
    });
    if (!response.ok) throw new Error(`webhook: ${response.status}`);
    await until(() => telegram.sentTexts(bot.token, chatId).length > 0);
    // The first few warm the server up.
    if (i >= 5) waits.push(performance.now() - started);
  }
  return `Telegram update → reply sent (npm start, instant bot, fake model)  p50 ${ms(percentile(waits, 50))}   p99 ${ms(percentile(waits, 99))}`;
}
