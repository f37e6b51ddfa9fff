import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { updateKeyComment } from '../../services/keys/api-keys';
import { apiKeyCommentSchema } from '../../shared/schemas/profile';

export const updateKeyHandlers = factory.createHandlers(jsonBody(apiKeyCommentSchema), async (c) =>
  c.json(await updateKeyComment(accountContext(c), c.req.param('id') ?? '', c.req.valid('json').comment)),
);
