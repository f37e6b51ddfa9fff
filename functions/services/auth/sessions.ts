import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { type Account, accounts, sessions } from '../../../db/schema';
import type { Db } from '../../ports/db';

export const SESSION_DAYS = 30;
const encoder = new TextEncoder();

/** Opens a server-side session and returns a JWT naming it; revoking the row kills the token. */
export async function openSession(db: Db, secret: string, accountId: string, now: Date) {
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  const [session] = await db.insert(sessions).values({ accountId, createdAt: now, expiresAt }).returning();
  if (!session) throw new Error('session insert returned nothing');
  const token = await new SignJWT({ sid: session.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(accountId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(encoder.encode(secret));
  return { token, expiresAt };
}

/**
 * The account behind a live session token, or null. Deliberately not a named prepared statement:
 * Neon's pooler and the test socket share backends between connections, where a second PREPARE of
 * the same name fails.
 */
export async function accountForToken(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<{ account: Account; sessionId: string } | null> {
  let sessionId: string;
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (typeof payload.sid !== 'string') return null;
    sessionId = payload.sid;
  } catch {
    return null;
  }
  const [row] = await db
    .select({ account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row ? { account: row.account, sessionId } : null;
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of the account, except `keep` when given. */
export async function revokeAllSessions(db: Db, accountId: string, now: Date, keep?: string | null) {
  const scope = keep
    ? and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), ne(sessions.id, keep))
    : and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: now }).where(scope);
}
