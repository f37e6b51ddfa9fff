import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { qrSchema } from '../../openapi/schemas/integrations';
import { getQr } from '../../services/integrations/qr';

/** GET /api/integrations/{id}/getqr (SPEC §7). */
export const getQrHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Start or follow a QR login',
    description:
      'For a messenger connected by scanning a QR code: starts or resumes the flow and answers its state, with a socket address where the next states arrive.',
    ok: { description: 'The QR state and the socket address.', schema: qrSchema },
    errors: ['not_found', 'integration_not_available'],
  }),
  async (c) => c.json(await getQr(accountContext(c), c.req.param('id') ?? '')),
);
