import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import {
  bookingServicesSchema,
  crmFieldsSchema,
  crmPipelinesSchema,
  crmStaffSchema,
  crmTaskTypesSchema,
} from '../../openapi/schemas/integrations';
import { bookingServices } from '../../services/integrations/booking-lists';
import { crmFields, crmPipelines, crmStaff, crmTaskTypes } from '../../services/integrations/crm-lists';
import {
  bookingServicesQuerySchema,
  crmFieldsQuerySchema,
  crmStaffQuerySchema,
} from '../../shared/schemas/integration';

/** GET /api/integrations/{id}/crm/...: what a connected CRM has, for the settings screens. */
export const crmPipelinesHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'List CRM pipelines',
    description: 'The pipelines of a connected CRM with their statuses, read from the CRM.',
    ok: { description: 'The pipelines.', schema: crmPipelinesSchema },
    errors: ['not_found', 'integration_not_connected', 'crm_failed'],
  }),
  async (c) => c.json(await crmPipelines(accountContext(c), c.req.param('id') ?? '')),
);

export const crmFieldsHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'List CRM fields',
    description: 'The fields of one kind of CRM record (lead, contact or company), read from the CRM.',
    ok: { description: 'The fields.', schema: crmFieldsSchema },
    errors: ['not_found', 'validation_failed', 'integration_not_connected', 'crm_failed'],
  }),
  queryParams(crmFieldsQuerySchema),
  async (c) =>
    c.json(await crmFields(accountContext(c), c.req.param('id') ?? '', c.req.valid('query').entity)),
);

export const crmTaskTypesHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'List CRM task types',
    ok: { description: 'The task types.', schema: crmTaskTypesSchema },
    errors: ['not_found', 'integration_not_connected', 'crm_failed'],
  }),
  async (c) => c.json(await crmTaskTypes(accountContext(c), c.req.param('id') ?? '')),
);

/** GET /api/integrations/{id}/booking/services?branch_id=: a salon branch's services. */
export const bookingServicesHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: "List a salon branch's services",
    description: "The services of a connected booking system's branch.",
    ok: { description: 'The services.', schema: bookingServicesSchema },
    errors: ['not_found', 'validation_failed', 'integration_not_connected', 'crm_failed'],
  }),
  queryParams(bookingServicesQuerySchema),
  async (c) =>
    c.json(await bookingServices(accountContext(c), c.req.param('id') ?? '', c.req.valid('query').branch_id)),
);

/** SPEC §7 GET /private/integrations/{type}/staff?integration_id=, served under /api like every call. */
export const privateIntegrationsRoutes = new Hono<AppEnv>().use('*', requireAccount).get(
  '/:type/staff',
  describe({
    tag: 'Integrations',
    summary: 'List CRM staff',
    description:
      'The users of a connected CRM of type `type`, for the integration named by `integration_id`.',
    ok: { description: 'The staff.', schema: crmStaffSchema },
    errors: [
      'not_found',
      'validation_failed',
      'integration_not_connected',
      'crm_staff_forbidden',
      'crm_failed',
    ],
  }),
  queryParams(crmStaffQuerySchema),
  async (c) =>
    c.json(await crmStaff(accountContext(c), c.req.param('type'), c.req.valid('query').integration_id)),
);
