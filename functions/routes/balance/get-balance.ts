import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { getBalance } from '../../services/billing/get-balance';

export const getBalanceHandlers = factory.createHandlers(async (c) =>
  c.json(await getBalance(accountContext(c))),
);
