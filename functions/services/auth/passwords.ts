import { timingSafeEqual } from '../../shared/same-secret';

/**
 * PBKDF2-SHA256 through WebCrypto, which both Workers and Node provide. Workers cap PBKDF2 at
 * 100 000 iterations, so that is the cost; the count is stored with the hash so it can grow later.
 */
const ITERATIONS = 100_000;
const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, expected] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !expected) return false;
  const actual = await derive(password, fromBase64(salt), Number(iterations));
  return timingSafeEqual(actual, fromBase64(expected));
}

/**
 * A well-formed hash no password matches (its expected bytes are all zero, a PBKDF2 output nobody can
 * aim at), at today's cost: checking against it takes as long as checking a real account.
 */
const DUMMY_HASH = `pbkdf2-sha256$${ITERATIONS}$${'A'.repeat(22)}==$${'A'.repeat(43)}=`;

/**
 * Whether the password matches the account's hash; with no account it still spends the same work
 * on a dummy hash and says no, so the answer's timing does not tell which e-mails are registered.
 */
export async function verifyPasswordOf(password: string, stored: string | undefined): Promise<boolean> {
  const matches = await verifyPassword(password, stored ?? DUMMY_HASH);
  return stored !== undefined && matches;
}
