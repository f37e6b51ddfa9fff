import { and, eq, isNull } from 'drizzle-orm';
import { accounts, sessions } from '../../../db/schema';
import { AppError } from '../../shared/app-error';
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
 * DELETE /api/profile/partner: the client leaves its partner. Only the client in person: a session
 * the partner opened cannot cut the partner off.
 */
export async function leavePartner(ctx: AccountContext) {
  const partnerId = ctx.account.partnerAccountId;
  if (!partnerId) return { partner: null };
  const [session] = ctx.sessionId
    ? await ctx.ports.db
        .select({ partnerAccountId: sessions.partnerAccountId })
        .from(sessions)
        .where(eq(sessions.id, ctx.sessionId))
    : [];
  if (!session || session.partnerAccountId !== null) throw new AppError('session_required');
  await endRelation(ctx, ctx.account.id, partnerId);
  return { partner: null };
}
