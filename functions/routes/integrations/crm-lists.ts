import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { bookingServices } from '../../services/integrations/booking-lists';
import { crmFields, crmPipelines, crmStaff, crmTaskTypes } from '../../services/integrations/crm-lists';

/** GET /api/integrations/{id}/crm/...: what a connected CRM has, for the settings screens. */
export const crmPipelinesHandlers = factory.createHandlers(async (c) =>
  c.json(await crmPipelines(accountContext(c), c.req.param('id') ?? '')),
);

export const crmFieldsHandlers = factory.createHandlers(async (c) =>
  c.json(await crmFields(accountContext(c), c.req.param('id') ?? '', c.req.query('entity'))),
);

export const crmTaskTypesHandlers = factory.createHandlers(async (c) =>
  c.json(await crmTaskTypes(accountContext(c), c.req.param('id') ?? '')),
);

/** GET /api/integrations/{id}/booking/services?branch_id=: a salon branch's services. */
export const bookingServicesHandlers = factory.createHandlers(async (c) =>
  c.json(await bookingServices(accountContext(c), c.req.param('id') ?? '', c.req.query('branch_id'))),
);

/** SPEC §7 GET /private/integrations/{type}/staff?integration_id=, served under /api like every call. */
export const privateIntegrationsRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/:type/staff', async (c) =>
    c.json(await crmStaff(accountContext(c), c.req.param('type'), c.req.query('integration_id'))),
  );
