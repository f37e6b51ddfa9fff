import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { setTelegramRecipients } from '../../services/profile/profile';
import { telegramContactsSchema } from '../../shared/schemas/profile';

export const telegramRecipientsHandlers = factory.createHandlers(
  jsonBody(telegramContactsSchema),
  async (c) => c.json(await setTelegramRecipients(accountContext(c), c.req.valid('json').contacts)),
);
