import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { type Account, accounts, apiKeys } from '../../../db/schema';
import { AppError, notFound } from '../../shared/app-error';
import { MAX_API_KEYS } from '../../shared/constants';
import { randomToken } from '../../shared/same-secret';
import { sha256Hex } from '../../shared/sha256-hex';
import { isUuid } from '../../shared/uuid';
import { type AuthPorts, accountChanged, cachedAccount } from '../auth/auth-cache';
import type { AccountContext } from '../context';

/** Secrets look like `bk_<43 base64url chars>`; the prefix tells them apart from session JWTs. */
export const API_KEY_PREFIX = 'bk_';

const newSecret = () => API_KEY_PREFIX + randomToken();

const publicKey = (row: typeof apiKeys.$inferSelect) => ({
  id: row.id,
  comment: row.comment,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function listKeys(ctx: AccountContext) {
  const rows = await ctx.ports.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, ctx.account.id))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(publicKey);
}

/**
 * Creates a key; the secret is in this answer only and stored as a hash. The count and the insert
 * run under the account row's lock, so parallel requests cannot pass the MAX_API_KEYS limit together.
 */
export async function createKey(ctx: AccountContext, comment: string) {
  const { db, clock } = ctx.ports;
  const accountId = ctx.account.id;
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    // NO KEY UPDATE: serialises key creation without blocking rows that merely reference the account.
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('no key update');
    const [existing] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.accountId, accountId));
    if ((existing?.n ?? 0) >= MAX_API_KEYS) throw new AppError('keys_limit');
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        accountId,
        comment,
        keyHash: sha256Hex(secret),
        prefix: `${secret.slice(0, 10)}…`,
        createdAt: clock.now(),
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('key insert returned nothing');
  return { ...publicKey(row), key: secret };
}

const ownKey = (ctx: AccountContext, id: string) =>
  and(eq(apiKeys.id, id), eq(apiKeys.accountId, ctx.account.id));

export async function updateKeyComment(ctx: AccountContext, id: string, comment: string) {
  if (!isUuid(id)) throw notFound('key_not_found');
  const [row] = await ctx.ports.db.update(apiKeys).set({ comment }).where(ownKey(ctx, id)).returning();
  if (!row) throw notFound('key_not_found');
  await accountChanged(ctx.ports.kv, ctx.account.id);
  return publicKey(row);
}

export async function deleteKey(ctx: AccountContext, id: string) {
  if (!isUuid(id)) throw notFound('key_not_found');
  const [row] = await ctx.ports.db.delete(apiKeys).where(ownKey(ctx, id)).returning({ id: apiKeys.id });
  if (!row) throw notFound('key_not_found');
  await accountChanged(ctx.ports.kv, ctx.account.id);
}

/**
 * The account an API key secret belongs to; marks the key used (at most once a minute). The row is
 * cached in `kv` for a minute and deleting the key takes effect at once (auth-cache.ts).
 */
export async function accountForApiKey(ports: AuthPorts, secret: string, now: Date): Promise<Account | null> {
  const keyHash = sha256Hex(secret);
  return cachedAccount(ports.kv, `auth:key:${keyHash}`, undefined, async () => {
    const [row] = await ports.db
      .select({ account: accounts, keyId: apiKeys.id })
      .from(apiKeys)
      .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
      .where(eq(apiKeys.keyHash, keyHash));
    if (!row) return null;
    // Runs only when the cache had no current entry, i.e. about once a minute per key.
    await ports.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.keyId),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - 60_000))),
        ),
      );
    return row.account;
  });
}

/** Deletes every key of the account (a password reset: whoever had the old password may hold one). */
export async function revokeAllKeys(ports: AuthPorts, accountId: string): Promise<void> {
  await ports.db.delete(apiKeys).where(eq(apiKeys.accountId, accountId));
  await accountChanged(ports.kv, accountId);
}
