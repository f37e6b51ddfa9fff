import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { historyListSchema } from '../../openapi/schemas/history';
import { listHistory } from '../../services/history/list-history';
import { historyQuerySchema } from '../../shared/schemas/history';

export const listHistoryHandlers = factory.createHandlers(
  describe({
    tag: 'History',
    summary: 'List history',
    description:
      'Every answer, refusal and failure of your bots with its price, newest first. `from` and `to` are whole UTC days, both included.',
    ok: { description: 'One page of history rows.', schema: historyListSchema },
  }),
  queryParams(historyQuerySchema),
  async (c) => c.json(await listHistory(accountContext(c), c.req.valid('query'))),
);
