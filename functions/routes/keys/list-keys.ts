import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { apiKeyListSchema } from '../../openapi/schemas/keys';
import { listKeys } from '../../services/keys/api-keys';

export const listKeysHandlers = factory.createHandlers(
  describe({
    tag: 'API keys',
    summary: 'List API keys',
    description:
      "The account's API keys, without their secrets. A signed-in session only: an API key cannot manage keys.",
    ok: { description: 'The keys, newest first.', schema: apiKeyListSchema },
  }),
  async (c) => c.json(await listKeys(accountContext(c))),
);
