import { base64url } from './base64url';
import { sha256Bytes } from './sha256-hex';

/** Compares bytes without an early exit, so the time taken says nothing about how much matched. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * Whether a presented secret (a header, a bearer token) is the expected one. Digests are compared,
 * so neither the content nor the length of the secret shows in the time taken.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256Bytes(given), sha256Bytes(expected));
}

/** 32 random bytes in base64url: 43 characters of [A-Za-z0-9_-] (API keys, webhook secrets). */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}
