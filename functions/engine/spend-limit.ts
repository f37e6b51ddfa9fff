import { type SQL, sql } from 'drizzle-orm';
import { type Account, type Bot, externalEffects, historyEntries } from '../../db/schema';
import { TelegramClient } from '../integrations/telegram/api';
import type { Db } from '../ports/db';
import { selectValue } from '../ports/db-rows';
import { localTime } from '../shared/local-time';
import { formatMoney } from '../shared/money';
import { safeErrorText } from '../shared/safe-error';
import type { EngineContext } from './context';

/**
 * A bot's daily spend limit (conditions.daily_spend_limit_minor): what its History rows cost since
 * local midnight, the day in the bot's time zone (work_time.time_zone, the zone the owner chose for
 * the bot). Reached, the bot stops answering (the `spend_limit` gate) until the next local day;
 * answers already in flight finish, so a day may end a little over the limit.
 */

/** The limit, or null for none (bots saved before the setting have no key). */
export const dailyLimitOf = (bot: Bot): number | null => bot.conditions.daily_spend_limit_minor ?? null;

/** Local midnight of `now`'s day in `timeZone`, as an instant. Zone offsets are whole minutes. */
export function dayStart(now: Date, timeZone: string): Date {
  const local = localTime(now, timeZone);
  const intoMinute = now.getUTCSeconds() * 1000 + now.getUTCMilliseconds();
  return new Date(now.getTime() - local.minutes * 60_000 - intoMinute);
}

const zoneOf = (bot: Bot) => bot.conditions.work_time.time_zone;

/** What each bot spent today (its own local day), in the account's currency, in one statement. */
export async function spentToday(
  db: Db,
  account: Account,
  bots: readonly Bot[],
  now: Date,
): Promise<Map<string, number>> {
  if (bots.length === 0) return new Map();
  const sums = sql.join(
    bots.map((bot) => spentTodaySql(account, bot, now)),
    sql`, `,
  );
  const spent = await selectValue<(number | string)[]>(db, sql`select json_build_array(${sums}) as value`);
  return new Map(bots.map((bot, index) => [bot.id, Number(spent[index] ?? 0)]));
}

/** What the bot spent today (its own local day), as an SQL value: the gates read it with the rest. */
export const spentTodaySql = (account: Account, bot: Bot, now: Date): SQL => sql`(
  select coalesce(sum(${historyEntries.priceMinor}), 0) from ${historyEntries}
  where ${historyEntries.accountId} = ${account.id} and ${historyEntries.currency} = ${account.currency}
    and ${historyEntries.botId} = ${bot.id} and ${historyEntries.priceMinor} > 0
    and ${historyEntries.createdAt} >= ${dayStart(now, zoneOf(bot)).toISOString()}::timestamptz)`;

function notice(ctx: EngineContext, account: Account, bot: Bot, limit: number): string {
  const en = account.lang === 'en';
  const amount = formatMoney(limit, account.currency, account.lang);
  const link = `${ctx.settings.publicUrl.replace(/\/+$/, '')}/bots/${bot.id}`;
  return [
    en
      ? `The bot «${bot.name}» has reached its daily spend limit of ${amount} and stops answering until tomorrow.`
      : `Бот «${bot.name}» израсходовал дневной лимит ${amount} и до завтра не отвечает.`,
    link,
  ].join('\n');
}

/**
 * Tells the profile's Telegram recipients (the notification bot, TELEGRAM_NOTIFY_BOT_TOKEN) that
 * the bot reached its limit: once per bot and local day, however many messages are refused and
 * however many runs refuse them at once (the first to claim the day's key sends).
 */
export async function notifySpendLimit(ctx: EngineContext, account: Account, bot: Bot, now: Date) {
  const limit = dailyLimitOf(bot);
  const token = ctx.settings.notifyBotToken;
  if (limit === null || !token || account.notifications.length === 0) return;
  const day = localTime(now, zoneOf(bot)).date;
  const [claimed] = await ctx.ports.db
    .insert(externalEffects)
    .values({ key: `spend-limit:${bot.id}:${day}`, accountId: account.id, state: 'done' })
    .onConflictDoNothing()
    .returning({ key: externalEffects.key });
  if (!claimed) return;
  const client = new TelegramClient(token, { apiRoot: ctx.settings.apiRoots?.telegram });
  const text = notice(ctx, account, bot, limit);
  for (const recipient of account.notifications) {
    try {
      await client.sendMessage(recipient, text);
    } catch (error) {
      console.error(`spend limit notice to ${recipient}: ${safeErrorText(error)}`);
    }
  }
}
