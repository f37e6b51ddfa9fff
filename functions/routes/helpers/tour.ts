import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { jsonBody } from '../../http/validate';
import { saveTour } from '../../services/profile/profile';
import { tourSchema } from '../../shared/schemas/profile';

export const tourHandlers = factory.createHandlers(requireAccount, jsonBody(tourSchema), async (c) =>
  c.json(await saveTour(accountContext(c), c.req.valid('json').fields)),
);
