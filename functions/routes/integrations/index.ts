import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { finishAmoConsentHandlers } from './amo-consent';
import { connectIntegrationHandlers } from './connect-integration';
import {
  bookingServicesHandlers,
  crmFieldsHandlers,
  crmPipelinesHandlers,
  crmTaskTypesHandlers,
} from './crm-lists';
import { listDeadLettersHandlers, retryDeadLetterHandlers } from './dead-letters';
import { deleteIntegrationHandlers } from './delete-integration';
import { getIntegrationHandlers } from './get-integration';
import { getQrHandlers } from './get-qr';
import { listIntegrationsHandlers } from './list-integrations';
import { resetIntegrationHandlers } from './reset-integration';
import { saveIntegrationHandlers } from './save-integration';
import { revealSigningSecretHandlers, rotateSigningSecretHandlers } from './signing-secret';
import { startConsentHandlers } from './start-consent';
import { updateIntegrationHandlers } from './update-integration';

/** SPEC §7 Integrations, mounted at /api/integrations. */
export const integrationsRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/', ...listIntegrationsHandlers)
  .post('/', ...saveIntegrationHandlers)
  .post('/connect/:id', ...connectIntegrationHandlers)
  .post('/amo/finish', ...finishAmoConsentHandlers)
  .post('/:id/consent', ...startConsentHandlers)
  .post('/reset/:id', ...resetIntegrationHandlers)
  .get('/:id/getqr', ...getQrHandlers)
  .get('/:id/crm/pipelines', ...crmPipelinesHandlers)
  .get('/:id/crm/fields', ...crmFieldsHandlers)
  .get('/:id/crm/task-types', ...crmTaskTypesHandlers)
  .get('/:id/booking/services', ...bookingServicesHandlers)
  .get('/:id/signing-secret', ...revealSigningSecretHandlers)
  .post('/:id/signing-secret', ...rotateSigningSecretHandlers)
  .get('/:id/dead-letters', ...listDeadLettersHandlers)
  .post('/:id/dead-letters/:letterId/retry', ...retryDeadLetterHandlers)
  .get('/:id', ...getIntegrationHandlers)
  .patch('/:id', ...updateIntegrationHandlers)
  .delete('/:id', ...deleteIntegrationHandlers);
