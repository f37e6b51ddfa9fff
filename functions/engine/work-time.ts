import { type BotWorkTime, WEEKDAYS, type Weekday } from '../shared/schemas/bot-conditions';

export interface LocalTime {
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM. */
  time: string;
}

/** The wall-clock time at `now` in `timeZone` (an IANA id). */
export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = part('weekday').slice(0, 3).toLowerCase() as Weekday;
  const hour = Number(part('hour')) % 24;
  const minute = Number(part('minute'));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    weekday,
    minutes: hour * 60 + minute,
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${pad(hour)}:${pad(minute)}`,
  };
}

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
