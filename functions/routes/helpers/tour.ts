import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { profileSchema } from '../../openapi/schemas/account';
import { endTourWalk, saveTour } from '../../services/profile/profile';
import { tourBodySchema } from '../../shared/schemas/profile';

export const tourHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Save the onboarding tour',
    description:
      'Stores the answers of the first-run questions (`fields` with role, usage plan, …), or, with `fields.walk`, how the guided walk that follows them ended.',
    ok: { description: 'The profile after the change.', schema: profileSchema },
  }),
  requireAccount,
  jsonBody(tourBodySchema),
  async (c) => {
    const { fields } = c.req.valid('json');
    const ctx = accountContext(c);
    return c.json('walk' in fields ? await endTourWalk(ctx, fields.walk) : await saveTour(ctx, fields));
  },
);
