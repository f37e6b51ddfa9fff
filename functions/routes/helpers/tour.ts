import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { jsonBody } from '../../http/validate';
import { endTourWalk, saveTour } from '../../services/profile/profile';
import { tourBodySchema } from '../../shared/schemas/profile';

export const tourHandlers = factory.createHandlers(requireAccount, jsonBody(tourBodySchema), async (c) => {
  const { fields } = c.req.valid('json');
  const ctx = accountContext(c);
  return c.json('walk' in fields ? await endTourWalk(ctx, fields.walk) : await saveTour(ctx, fields));
});
