import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { updateProfile } from '../../services/profile/profile';
import { updateProfileSchema } from '../../shared/schemas/profile';

export const updateProfileHandlers = factory.createHandlers(jsonBody(updateProfileSchema), async (c) =>
  c.json(await updateProfile(accountContext(c), c.req.valid('json'))),
);
