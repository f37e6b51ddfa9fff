/**
 * Wall-clock arithmetic of the fake salon: the salon's schedule is kept in its own zone (an IANA
 * name), and the API speaks ISO 8601 with the salon's offset ("2026-12-05T15:00:00+03:00").
 */

const pad = (n: number) => String(n).padStart(2, '0');

function wallParts(zone: string, at: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    y: get('year'),
    m: get('month'),
    d: get('day'),
    h: get('hour'),
    mi: get('minute'),
    s: get('second'),
  };
}

/** The zone's offset from UTC at that instant, in minutes (Moscow: 180). */
export function offsetMinutes(zone: string, at: Date): number {
  const w = wallParts(zone, at);
  return Math.round(
    (Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(at.getTime() / 1000) * 1000) / 60_000,
  );
}

/** The instant a salon-local date ("2026-12-05") and time ("15:00") stand for. */
export function localToInstant(zone: string, date: string, time: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0] = time.split(':').map(Number);
  const naive = Date.UTC(y, m - 1, d, h, mi);
  const first = naive - offsetMinutes(zone, new Date(naive)) * 60_000;
  return naive - offsetMinutes(zone, new Date(first)) * 60_000;
}

/** The salon-local date of an instant, YYYY-MM-DD. */
export function localDate(zone: string, at: number): string {
  const w = wallParts(zone, new Date(at));
  return `${w.y}-${pad(w.m)}-${pad(w.d)}`;
}

/** The salon-local time of an instant, HH:MM. */
export function localTime(zone: string, at: number): string {
  const w = wallParts(zone, new Date(at));
  return `${pad(w.h)}:${pad(w.mi)}`;
}

/** ISO 8601 with the salon's offset, as book_times gives it: "2026-12-05T15:00:00+03:00". */
export function isoInZone(zone: string, at: number): string {
  const w = wallParts(zone, new Date(at));
  const offset = offsetMinutes(zone, new Date(at));
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${w.y}-${pad(w.m)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

export const hhmmOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An ISO 8601 date-time; one without an offset is read in the salon's zone. Null when it is none. */
export function parseDateTime(zone: string, text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = ISO.exec(text.trim());
  if (!match) return null;
  const [, date = '', time = '', offset] = match;
  const at = offset ? Date.parse(text.trim().replace(' ', 'T')) : localToInstant(zone, date, time);
  return Number.isNaN(at) ? null : at;
}
