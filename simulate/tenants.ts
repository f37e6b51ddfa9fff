import { type Account, readyAccount } from '../tests/e2e/support/account';
import { connectedWidget } from '../tests/e2e/support/widget-visitor';
import type { FakeTelegram } from '../tests/fakes/telegram';
import type { LocalServer } from '../tests/support/local-server';
import { connectedTelegram, consultantBot, type TelegramChannel } from '../tests/support/process-traffic';
import { between, type Random } from './random';

export const WIDGET_SITE = 'shop.example.com';

/** One business of the simulation: an account, its website widget, its Telegram bot, its chatbot. */
export interface Tenant {
  account: Account;
  widgetId: string;
  telegram: TelegramChannel;
  /** Seconds the bot gathers a customer's messages before answering; 0 answers at once. */
  accumulationSeconds: number;
}

/**
 * Makes the businesses through the API as their owners would, a few at a time: half the bots answer
 * at once, half gather a customer's messages for 2–10 s first. An operator's message stops the
 * bot in that chat for an hour (the default stop logic).
 */
export async function makeTenants(
  front: LocalServer,
  telegram: FakeTelegram,
  count: number,
  random: Random,
): Promise<Tenant[]> {
  const tenants: Tenant[] = [];
  for (let from = 0; from < count; from += 8) {
    const batch = Array.from({ length: Math.min(8, count - from) }, (_, i) => {
      const accumulationSeconds = (from + i) % 2 === 0 ? 0 : between(random, 2, 10);
      return tenant(front, telegram, from + i, accumulationSeconds);
    });
    tenants.push(...(await Promise.all(batch)));
  }
  return tenants;
}

async function tenant(
  front: LocalServer,
  telegram: FakeTelegram,
  index: number,
  accumulationSeconds: number,
): Promise<Tenant> {
  // Each business signs up from its own address, as owners do.
  const account = await readyAccount(front, `sim${index}`, {
    headers: { 'x-forwarded-for': `10.200.${index >> 8}.${index & 255}` },
  });
  const widgetId = await connectedWidget(front, account.token, [WIDGET_SITE]);
  const channel = await connectedTelegram(
    front,
    account.token,
    telegram,
    `sim_${index}_bot`,
    `Shop ${index}`,
  );
  await consultantBot(front, account.token, [widgetId, channel.integrationId], accumulationSeconds);
  return { account, widgetId, telegram: channel, accumulationSeconds };
}
