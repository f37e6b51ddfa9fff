import { eq } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import { hashPassword } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import type { AccountContext } from '../context';
import { closeSessionSockets } from '../realtime/session-sockets';

/** Changes the password and signs out every other session; the current one stays. */
export async function changePassword(ctx: AccountContext, newPassword: string) {
  const { db, clock } = ctx.ports;
  await db
    .update(accounts)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(accounts.id, ctx.account.id));
  await revokeAllSessions(ctx.ports, ctx.account.id, clock.now(), ctx.sessionId);
  await closeSessionSockets(ctx.ports, ctx.account.id, { allBut: ctx.sessionId });
  return { message: translate('password_changed', ctx.lang) };
}
