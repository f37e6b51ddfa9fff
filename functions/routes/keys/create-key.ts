import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { createKey } from '../../services/keys/api-keys';
import { apiKeyCommentSchema } from '../../shared/schemas/profile';

export const createKeyHandlers = factory.createHandlers(jsonBody(apiKeyCommentSchema), async (c) =>
  c.json(await createKey(accountContext(c), c.req.valid('json').comment), 201),
);
