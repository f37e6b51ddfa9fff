import { and, gte, lt } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const DAY_MS = 86_400_000;

/**
 * A list's date filter: `from` and `to` are inclusive UTC days (YYYY-MM-DD), either may be missing.
 * They come checked by `filterDay` (shared/schemas/fields.ts): real days of 2000..2099, so the day
 * after `to` is still a date JS and Postgres both read.
 */
export const withinDays = (column: PgColumn, range: { from?: string; to?: string }) =>
  and(
    range.from ? gte(column, new Date(`${range.from}T00:00:00Z`)) : undefined,
    range.to ? lt(column, new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)) : undefined,
  );
