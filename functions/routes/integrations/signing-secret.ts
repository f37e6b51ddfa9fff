import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { revealedSecretSchema, rotatedSecretSchema } from '../../openapi/schemas/integrations';
import { revealSigningSecret, rotateSigningSecret } from '../../services/integrations/signing-secret';

/** GET /api/integrations/{id}/signing-secret: the secret made on connecting, shown the first time only. */
export const revealSigningSecretHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: "Reveal an API channel's signing secret",
    description: 'The secret made on connecting, shown the first time only.',
    ok: { description: 'The secret, or null once shown.', schema: revealedSecretSchema },
    errors: ['not_found'],
  }),
  async (c) => c.json(await revealSigningSecret(accountContext(c), c.req.param('id') ?? '')),
);

/** POST /api/integrations/{id}/signing-secret: a new secret in place of the old one, shown this once. */
export const rotateSigningSecretHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: "Rotate an API channel's signing secret",
    description: 'A new secret replaces the old one at once; it is shown this once.',
    ok: { description: 'The new secret.', schema: rotatedSecretSchema },
    errors: ['not_found'],
  }),
  async (c) => c.json(await rotateSigningSecret(accountContext(c), c.req.param('id') ?? '')),
);
