import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { apiKeySchema } from '../../openapi/schemas/keys';
import { updateKeyComment } from '../../services/keys/api-keys';
import { apiKeyRenameSchema } from '../../shared/schemas/profile';

export const updateKeyHandlers = factory.createHandlers(
  describe({
    tag: 'API keys',
    summary: 'Rename an API key',
    description: "Changes the key's comment; the secret stays the same.",
    ok: { description: 'The key.', schema: apiKeySchema },
    errors: ['not_found'],
  }),
  jsonBody(apiKeyRenameSchema),
  async (c) =>
    c.json(await updateKeyComment(accountContext(c), c.req.param('id') ?? '', c.req.valid('json').comment)),
);
