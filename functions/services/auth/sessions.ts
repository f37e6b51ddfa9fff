import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { type Account, accounts, sessions } from '../../../db/schema';
import type { Db } from '../../ports/db';
import { signJwt, verifyJwt } from '../../shared/jwt-hs256';
import { type AuthPorts, accountChanged, cachedAccount } from './auth-cache';

export const SESSION_DAYS = 30;
/**
 * Opens a server-side session and returns a JWT naming it; revoking the row kills the token. A
 * partner switching into its client's account opens one that names the partner.
 */
export async function openSession(
  db: Db,
  secret: string,
  accountId: string,
  now: Date,
  partnerAccountId: string | null = null,
) {
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  const [session] = await db
    .insert(sessions)
    .values({ accountId, createdAt: now, expiresAt, partnerAccountId })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  const token = signJwt(
    {
      sid: session.id,
      sub: accountId,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    },
    secret,
  );
  return { token, expiresAt };
}

/**
 * The account behind a live session token, or null. The row is cached in `kv` for a minute and
 * revocation takes effect at once (auth-cache.ts). Deliberately not a named prepared statement:
 * Neon's pooler and the test socket share backends between connections, where a second PREPARE of
 * the same name fails.
 */
export async function accountForToken(
  ports: AuthPorts,
  secret: string,
  token: string,
  now: Date,
): Promise<{ account: Account; sessionId: string } | null> {
  const claims = verifyJwt(token, secret, now);
  if (typeof claims?.sid !== 'string') return null;
  const sessionId = claims.sid;
  const accountId = typeof claims.sub === 'string' ? claims.sub : undefined;
  const found = await cachedAccount(ports.kv, `auth:session:${sessionId}`, accountId, async () => {
    const [row] = await ports.db
      .select({ account: accounts })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return row?.account ?? null;
  });
  return found ? { account: found, sessionId } : null;
}

/**
 * Whether a partner opened this session in its client's account (switch-into-client.ts). Read only
 * for the routes that guard the account itself, so it is not cached with the account.
 */
export async function openedByPartner(db: Db, sessionId: string): Promise<boolean> {
  const [session] = await db
    .select({ partnerAccountId: sessions.partnerAccountId })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return session?.partnerAccountId != null;
}

export async function revokeSession(ports: AuthPorts, accountId: string, sessionId: string, now: Date) {
  await ports.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId)));
  await accountChanged(ports.kv, accountId);
}

/** Revokes every session of the account, except `keep` when given. */
export async function revokeAllSessions(
  ports: AuthPorts,
  accountId: string,
  now: Date,
  keep?: string | null,
) {
  const scope = keep
    ? and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), ne(sessions.id, keep))
    : and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt));
  await ports.db.update(sessions).set({ revokedAt: now }).where(scope);
  await accountChanged(ports.kv, accountId);
}
