import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { balanceSchema } from '../../openapi/schemas/money';
import { getBalance } from '../../services/billing/get-balance';

export const getBalanceHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Get the balance',
    description:
      "The account's balance in minor units of its currency, the minimum below which bots stop answering, daily spend by bot and channel, the first page of transactions and the saved cards.",
    ok: { description: 'The balance screen.', schema: balanceSchema },
  }),
  async (c) => c.json(await getBalance(accountContext(c))),
);
