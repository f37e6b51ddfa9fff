import type { Weekday } from './schemas/bot-conditions';

export interface LocalTime {
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM. */
  time: string;
}

/** A formatter per time zone: making one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // Only valid zones get here (a bad one throws above), so the map is bounded by the IANA list.
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time at `now` in `timeZone` (an IANA id). */
export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = formatterOf(timeZone).formatToParts(now);
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
