import { and, eq, sql } from 'drizzle-orm';
import { authCodes, type CodePurpose } from '../../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../ports/db';
import { CODE_LENGTH } from '../../shared/constants';
import { sha256Hex } from './passwords';

export const CODE_TTL_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;

const hashCode = (accountId: string, purpose: CodePurpose, code: string) =>
  sha256Hex(`${accountId}:${purpose}:${code}`);

function randomCode(): string {
  const values = crypto.getRandomValues(new Uint32Array(CODE_LENGTH));
  return Array.from(values, (n) => String(n % 10)).join('');
}

/** Issues a fresh code, replacing any earlier one for the same purpose. Returns the plain code to mail. */
export async function issueCode(db: Db, accountId: string, purpose: CodePurpose, now: Date): Promise<string> {
  const code = randomCode();
  const row = {
    accountId,
    purpose,
    codeHash: await hashCode(accountId, purpose, code),
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  };
  await db
    .insert(authCodes)
    .values(row)
    .onConflictDoUpdate({ target: [authCodes.accountId, authCodes.purpose], set: row });
  return code;
}

/**
 * Checks a code and burns it on success. A wrong code costs an attempt; once the attempts are used
 * up, even the right code is refused until a new one is issued.
 */
export async function consumeCode(
  db: Db,
  accountId: string | undefined,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<void> {
  if (!accountId)
    throw new AppError(422, 'code_invalid', 'code_invalid', { fields: { code: 'code_invalid' } });
  const [row] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.accountId, accountId), eq(authCodes.purpose, purpose)));
  if (!row) throw new AppError(422, 'code_invalid', 'code_invalid', { fields: { code: 'code_invalid' } });
  if (row.attempts >= MAX_CODE_ATTEMPTS) {
    throw new AppError(422, 'code_attempts_exceeded', 'code_attempts_exceeded', {
      fields: { code: 'code_attempts_exceeded' },
    });
  }
  if (row.expiresAt <= now) {
    throw new AppError(422, 'code_expired', 'code_expired', { fields: { code: 'code_expired' } });
  }
  if (row.codeHash !== (await hashCode(accountId, purpose, code))) {
    await db
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(eq(authCodes.id, row.id));
    throw new AppError(422, 'code_invalid', 'code_invalid', { fields: { code: 'code_invalid' } });
  }
  await db.delete(authCodes).where(eq(authCodes.id, row.id));
}
