import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { translate } from '../../i18n/translate';
import { describe } from '../../openapi/describe';
import { messageSchema } from '../../openapi/schemas/account';
import { logout } from '../../services/auth/login';

export const logoutHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Sign out',
    description: 'Ends the session whose token made the call; other sessions and API keys stay valid.',
    ok: { description: 'Signed out.', schema: messageSchema },
  }),
  requireAccount,
  async (c) => {
    const ctx = accountContext(c);
    await logout(ctx, ctx.account.id, ctx.sessionId);
    return c.json({ message: translate('logged_out', ctx.lang) });
  },
);
