import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { translate } from '../../i18n/translate';
import { logout } from '../../services/auth/login';

export const logoutHandlers = factory.createHandlers(requireAccount, async (c) => {
  const ctx = accountContext(c);
  await logout(ctx, ctx.account.id, ctx.sessionId);
  return c.json({ message: translate('logged_out', ctx.lang) });
});
