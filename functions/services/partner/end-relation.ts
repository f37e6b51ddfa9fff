import { and, eq, isNull } from 'drizzle-orm';
import { accounts, sessions } from '../../../db/schema';
import { accountChanged } from '../auth/auth-cache';
import type { AccountContext } from '../context';
import { ownClient } from './partner-only';

/**
 * The partner relation ends (issue #23 §1): the client is no longer the partner's, and every session
 * the partner opened in the client's account ends with it. The client's own sessions stay.
 */
async function endRelation(ctx: AccountContext, clientId: string, partnerId: string) {
  const { db, kv, clock } = ctx.ports;
  await db
    .update(accounts)
    .set({ partnerAccountId: null })
    .where(and(eq(accounts.id, clientId), eq(accounts.partnerAccountId, partnerId)));
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(
      and(
        eq(sessions.accountId, clientId),
        eq(sessions.partnerAccountId, partnerId),
        isNull(sessions.revokedAt),
      ),
    );
  await accountChanged(kv, clientId);
}

/** DELETE /api/partner/clients/{id}: the partner lets its client go. */
export async function releaseClient(ctx: AccountContext, clientId: string) {
  const client = await ownClient(ctx, clientId);
  await endRelation(ctx, client.id, ctx.account.id);
}

/**
 * DELETE /api/profile/partner: the client leaves its partner. Only the client in person: the route
 * is session-only, so neither an API key nor a session the partner opened gets here
 * (http/require-account.ts).
 */
export async function leavePartner(ctx: AccountContext) {
  const partnerId = ctx.account.partnerAccountId;
  if (!partnerId) return { partner: null };
  await endRelation(ctx, ctx.account.id, partnerId);
  return { partner: null };
}
