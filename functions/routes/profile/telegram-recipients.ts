import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { profileSchema } from '../../openapi/schemas/account';
import { setTelegramRecipients } from '../../services/profile/profile';
import { telegramContactsSchema } from '../../shared/schemas/profile';

export const telegramRecipientsHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Set the Telegram notification recipients',
    description:
      'Replaces the list of Telegram usernames or chat ids that receive the account’s notifications (operator calls, low balance, …).',
    ok: { description: 'The profile with the new list.', schema: profileSchema },
  }),
  jsonBody(telegramContactsSchema),
  async (c) => c.json(await setTelegramRecipients(accountContext(c), c.req.valid('json').contacts)),
);
