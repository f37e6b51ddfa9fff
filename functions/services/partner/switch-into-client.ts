import { openSession } from '../auth/sessions';
import type { AccountContext } from '../context';
import { ownClient } from './partner-only';

/**
 * POST /api/partner/clients/{id}/session: the partner login switch (SPEC §4). The server opens a
 * session of the client's account that names the partner who opened it; the SPA keeps the
 * partner's own token as `tokenPartner` and swaps this one in. Only the partner's own clients.
 */
export async function switchIntoClient(ctx: AccountContext, clientId: string) {
  const client = await ownClient(ctx, clientId);
  const { token, expiresAt } = await openSession(
    ctx.ports.db,
    ctx.settings.jwtSecret,
    client.id,
    ctx.ports.clock.now(),
    ctx.account.id,
  );
  return { token, expires_at: expiresAt.toISOString(), account: { id: client.id, name: client.name } };
}
