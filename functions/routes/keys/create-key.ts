import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { newApiKeySchema } from '../../openapi/schemas/keys';
import { createKey } from '../../services/keys/api-keys';
import { apiKeyCommentSchema } from '../../shared/schemas/profile';

export const createKeyHandlers = factory.createHandlers(
  describe({
    tag: 'API keys',
    summary: 'Create an API key',
    description:
      'Mints a key with a comment. The secret is in this answer only; store it. An account has a limited number of keys.',
    ok: { status: 201, description: 'The new key with its secret.', schema: newApiKeySchema },
    errors: ['keys_limit'],
  }),
  jsonBody(apiKeyCommentSchema),
  async (c) => c.json(await createKey(accountContext(c), c.req.valid('json').comment), 201),
);
