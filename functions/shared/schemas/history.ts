import * as v from 'valibot';
import { msg, positiveQueryNumber } from './fields';

export const HISTORY_STATUSES = ['success', 'error'] as const;
export const HISTORY_PER_PAGE_DEFAULT = 20;
export const HISTORY_PER_PAGE_MAX = 100;

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
const isoDate = v.pipe(
  v.string(msg('invalid_value')),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, msg('invalid_value')),
  v.check((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, msg('invalid_value')),
);

/** GET /api/history: an inclusive date range in UTC, a status, a page. */
export const historyQuerySchema = v.pipe(
  v.object({
    from: v.optional(isoDate),
    to: v.optional(isoDate),
    status: v.optional(v.picklist(HISTORY_STATUSES, msg('invalid_value'))),
    page: v.optional(positiveQueryNumber(1_000_000), '1'),
    per_page: v.optional(positiveQueryNumber(HISTORY_PER_PAGE_MAX), String(HISTORY_PER_PAGE_DEFAULT)),
  }),
  v.forward(
    v.check(({ from, to }) => !from || !to || from <= to, msg('date_range_invalid')),
    ['to'],
  ),
);

export type HistoryQuery = v.InferOutput<typeof historyQuerySchema>;
