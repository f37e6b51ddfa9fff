import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { getQr } from '../../services/integrations/qr';

/** GET /api/integrations/{id}/getqr (SPEC §7). */
export const getQrHandlers = factory.createHandlers(async (c) =>
  c.json(await getQr(accountContext(c), c.req.param('id') ?? '')),
);
