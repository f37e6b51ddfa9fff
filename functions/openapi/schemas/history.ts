import * as v from 'valibot';
import type { listHistory } from '../../services/history/list-history';
import { CURRENCIES } from '../../shared/constants';
import { HISTORY_STATUSES } from '../../shared/schemas/history';
import { shapeOf } from '../shape-of';
import { isoTime, page } from './common';

export const historyEntrySchema = v.object({
  id: v.string(),
  date: isoTime,
  price_minor: v.pipe(v.number(), v.description('What the outcome cost, in minor units (kopecks, cents).')),
  own_key: v.pipe(v.boolean(), v.description("Answered with the account's own model key: the price is 0.")),
  knowledge: v.pipe(
    v.nullable(v.object({ tokens: v.number(), sources: v.string() })),
    v.description(
      "The knowledge search of the answer: its tokens and the files it found; null when it didn't search.",
    ),
  ),
  currency: v.picklist(CURRENCIES),
  bot: v.pipe(
    v.nullable(v.object({ id: v.string(), name: v.string() })),
    v.description('Null when the bot was deleted.'),
  ),
  source: v.pipe(
    v.string(),
    v.description("Where the dialogue came from: the integration type, or 'check'."),
  ),
  channel: v.string(),
  message: v.pipe(
    v.string(),
    v.description('The customer message(s) handled, oldest first, separated by blank lines.'),
  ),
  response: v.nullable(v.string()),
  event: v.pipe(
    v.string(),
    v.description("What happened, e.g. 'answered', 'refused_low_balance', 'llm_error', 'summary'."),
  ),
  dialog: v.pipe(v.nullable(v.string()), v.description('The chat id.')),
  status: v.picklist(HISTORY_STATUSES),
  error: v.nullable(v.string()),
  actions: v.pipe(
    v.array(
      v.object({ name: v.string(), type: v.string(), ok: v.boolean(), detail: v.optional(v.string()) }),
    ),
    v.description('The actions the bot ran while answering.'),
  ),
});

export const historyListSchema = shapeOf<Awaited<ReturnType<typeof listHistory>>>()(
  v.object({ items: v.array(historyEntrySchema), ...page }),
);
