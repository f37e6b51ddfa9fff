import { localTime } from '../shared/local-time';
import { type BotWorkTime, WEEKDAYS } from '../shared/schemas/bot-conditions';

const toMinutes = (clock: string) => {
  const [h = '0', m = '0'] = clock.split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * Whether `now` is inside the bot's work time. A day whose `to` is earlier than its `from` runs past
 * midnight into the next day; equal times mean the whole day. Work time switched off means always.
 */
export function isWithinWorkTime(workTime: BotWorkTime, now: Date): boolean {
  if (!workTime.enabled) return true;
  const local = localTime(now, workTime.time_zone);
  const index = WEEKDAYS.indexOf(local.weekday);
  const today = workTime.days[local.weekday];
  const yesterday = workTime.days[WEEKDAYS[(index + 6) % 7] ?? 'sun'];
  const t = local.minutes;
  if (today.enabled) {
    const from = toMinutes(today.from);
    const to = toMinutes(today.to);
    if (from === to) return true;
    if (from < to ? t >= from && t < to : t >= from) return true;
  }
  if (yesterday.enabled) {
    const from = toMinutes(yesterday.from);
    const to = toMinutes(yesterday.to);
    if (from > to && t < to) return true;
  }
  return false;
}
