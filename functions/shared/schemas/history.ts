import * as v from 'valibot';
import { filterDay, msg, positiveQueryNumber } from './fields';

export const HISTORY_STATUSES = ['success', 'error'] as const;
export const HISTORY_PER_PAGE_DEFAULT = 20;
export const HISTORY_PER_PAGE_MAX = 100;

/** GET /api/history: an inclusive date range in UTC, a status, a page. */
export const historyQuerySchema = v.pipe(
  v.object({
    from: v.optional(filterDay),
    to: v.optional(filterDay),
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
