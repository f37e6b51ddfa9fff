import { SLOT_WINDOW_DAYS } from '../../shared/booking';

/**
 * Which times to ask Calendly for (SPEC §9): the next 7 days, or the 7 days around a date the
 * customer named (3 before, 3 after, in the Calendly user's zone). Calendly refuses a start in the
 * past and a window longer than its maximum (7 days, reference/messengers.md §4), so the start is
 * never before a minute from now and the window never longer than SLOT_WINDOW_DAYS.
 */

const DAY_MS = 86_400_000;
/** Calendly checks "in the future" on its own clock: a minute of margin. */
const START_MARGIN_MS = 60_000;

export interface SlotWindow {
  start: Date;
  end: Date;
}

/** Milliseconds `timeZone` is ahead of UTC at `at`. */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - (at - (at % 1000));
}

/** The instant a local calendar day (YYYY-MM-DD) begins in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  const first = midnightUtc - offsetAt(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetAt(first, timeZone));
}

/** A YYYY-MM-DD that is a real calendar day. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The window to ask for at `now`: the next SLOT_WINDOW_DAYS, or around `date`; null when the
 * window around `date` is over already.
 */
export function slotWindow(now: Date, timeZone: string, date?: string): SlotWindow | null {
  const earliest = new Date(now.getTime() + START_MARGIN_MS);
  const longest = SLOT_WINDOW_DAYS * DAY_MS;
  if (!date) return { start: earliest, end: new Date(earliest.getTime() + longest) };
  const half = Math.floor(SLOT_WINDOW_DAYS / 2);
  const from = startOfLocalDay(addDays(date, -half), timeZone);
  const until = startOfLocalDay(addDays(date, SLOT_WINDOW_DAYS - half), timeZone);
  const start = from < earliest ? earliest : from;
  const end = new Date(Math.min(until.getTime(), start.getTime() + longest));
  return end > start ? { start, end } : null;
}
