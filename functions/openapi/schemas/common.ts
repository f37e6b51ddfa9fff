import * as v from 'valibot';

/** A moment as the API writes it: ISO 8601 in UTC. */
export const isoTime = v.pipe(v.string(), v.description('ISO 8601 time, UTC.'));

/** The paging fields every list answers with beside its items. */
export const page = {
  page: v.number(),
  per_page: v.number(),
  total: v.pipe(v.number(), v.description('Items in all pages.')),
  pages: v.number(),
};
