import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { listHistory } from '../../services/history/list-history';
import { historyQuerySchema } from '../../shared/schemas/history';

export const listHistoryHandlers = factory.createHandlers(queryParams(historyQuerySchema), async (c) =>
  c.json(await listHistory(accountContext(c), c.req.valid('query'))),
);
