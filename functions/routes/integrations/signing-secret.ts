import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { revealSigningSecret, rotateSigningSecret } from '../../services/integrations/signing-secret';

/** GET /api/integrations/{id}/signing-secret: the secret made on connecting, shown the first time only. */
export const revealSigningSecretHandlers = factory.createHandlers(async (c) =>
  c.json(await revealSigningSecret(accountContext(c), c.req.param('id') ?? '')),
);

/** POST /api/integrations/{id}/signing-secret: a new secret in place of the old one, shown this once. */
export const rotateSigningSecretHandlers = factory.createHandlers(async (c) =>
  c.json(await rotateSigningSecret(accountContext(c), c.req.param('id') ?? '')),
);
