import { and, eq, sql } from 'drizzle-orm';
import { authCodes, type CodePurpose } from '../../../db/schema';
import { AppError } from '../../shared/app-error';
import { CODE_LENGTH } from '../../shared/constants';
import { sha256Hex } from '../../shared/sha256-hex';
import type { AuthPorts } from './auth-cache';
import { holdAttempt, LIMITS } from './rate-limit';

export const CODE_TTL_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;
/** How long a pretend code is remembered (see `issueDecoyCode`). */
const DECOY_SECONDS = 7 * 86_400;

const hashCode = (accountId: string, purpose: CodePurpose, code: string) =>
  sha256Hex(`${accountId}:${purpose}:${code}`);

const decoyKey = (purpose: CodePurpose, email: string) => `code-decoy:${purpose}:${email}`;
const decoyAttemptsKey = (purpose: CodePurpose, email: string) => `code-decoy-attempts:${purpose}:${email}`;

function randomCode(): string {
  const values = crypto.getRandomValues(new Uint32Array(CODE_LENGTH));
  return Array.from(values, (n) => String(n % 10)).join('');
}

/** Issues a fresh code, replacing any earlier one for the same purpose. Returns the plain code to mail. */
export async function issueCode(
  db: AuthPorts['db'],
  accountId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string> {
  const code = randomCode();
  const row = {
    accountId,
    purpose,
    codeHash: hashCode(accountId, purpose, code),
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
 * For an address that is sent no code (no such account, or one that has nothing to confirm), keeps
 * a pretend code that no input matches, so checks against it answer exactly as for a real one:
 * wrong, then too many attempts, then expired. Nobody learns from the answers whether the address
 * is registered or already confirmed.
 */
export async function issueDecoyCode(kv: AuthPorts['kv'], email: string, purpose: CodePurpose, now: Date) {
  const expiresAt = now.getTime() + CODE_TTL_MINUTES * 60_000;
  await kv.set(decoyKey(purpose, email), String(expiresAt), { ttlSeconds: DECOY_SECONDS });
  await kv.del(decoyAttemptsKey(purpose, email));
}

interface Attempt {
  /** Attempts made on this code, the current one included. */
  attempts: number;
  expiresAt: Date;
  /** The real code's row; absent for a pretend one. */
  row?: { id: string; codeHash: string };
}

/** Counts the attempt in the same statement that reads the code, so parallel guesses all count. */
async function countRealAttempt(db: AuthPorts['db'], accountId: string, purpose: CodePurpose) {
  const [row] = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(and(eq(authCodes.accountId, accountId), eq(authCodes.purpose, purpose)))
    .returning({
      id: authCodes.id,
      codeHash: authCodes.codeHash,
      attempts: authCodes.attempts,
      expiresAt: authCodes.expiresAt,
    });
  return row && { attempts: row.attempts, expiresAt: row.expiresAt, row };
}

async function countDecoyAttempt(kv: AuthPorts['kv'], email: string, purpose: CodePurpose) {
  const expiresAt = Number(await kv.get(decoyKey(purpose, email)));
  if (!expiresAt) return undefined;
  const attempts = await kv.incr(decoyAttemptsKey(purpose, email), DECOY_SECONDS);
  return { attempts, expiresAt: new Date(expiresAt) };
}

const refuse = (code: 'code_invalid' | 'code_expired' | 'code_attempts_exceeded') =>
  new AppError(code, code, { fields: { code } });

/**
 * Checks a code and burns it on success. `accountId` is the account that may take this code (none
 * for an unknown or, for verification, an already confirmed address). Every check counts an attempt
 * before the comparison; once five are used, even the right code is refused until a new one is
 * issued. Wrong codes also count against the e-mail across codes and addresses.
 */
export async function consumeCode(
  ports: AuthPorts,
  target: { email: string; accountId: string | undefined },
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<void> {
  const held = await holdAttempt(ports.kv, [[LIMITS.codeCheckFailuresPerEmail, target.email]]);
  const attempt: Attempt | undefined =
    (target.accountId ? await countRealAttempt(ports.db, target.accountId, purpose) : undefined) ??
    (await countDecoyAttempt(ports.kv, target.email, purpose));
  if (!attempt) throw refuse('code_invalid');
  if (attempt.attempts > MAX_CODE_ATTEMPTS) throw refuse('code_attempts_exceeded');
  if (attempt.expiresAt <= now) throw refuse('code_expired');
  const { row } = attempt;
  if (!row || !target.accountId || row.codeHash !== hashCode(target.accountId, purpose, code)) {
    throw refuse('code_invalid');
  }
  // Only one of two parallel right answers burns the code; a code reissued meanwhile is not burnt.
  const [claimed] = await ports.db
    .delete(authCodes)
    .where(and(eq(authCodes.id, row.id), eq(authCodes.codeHash, row.codeHash)))
    .returning({ id: authCodes.id });
  if (!claimed) throw refuse('code_invalid');
  await held.forgive();
}
