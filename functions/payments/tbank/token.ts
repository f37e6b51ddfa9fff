/**
 * T-Bank's request and notification signature (payments.md §1.3, the API's «Токен» section): the
 * root-level scalar parameters (nested objects and arrays such as DATA, Receipt, Shops do not take
 * part; nulls are skipped; Token itself is left out) plus {Password}, sorted by key in ordinal
 * (code-unit) order like Java's TreeMap, their values concatenated with no separator, SHA-256 over
 * the UTF-8 bytes, lowercase hex. WebCrypto only, so it runs on Workers and on Node.
 */

import { sha256Hex } from '../../shared/sha256-hex';

export type TbankScalar = string | number | boolean;

const isScalar = (value: unknown): value is TbankScalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The string that is hashed: the values of the sorted root-level scalars with Password added. */
export function tokenSource(params: Readonly<Record<string, unknown>>, password: string): string {
  const pairs: [string, TbankScalar][] = [['Password', password]];
  for (const [key, value] of Object.entries(params)) {
    if (key !== 'Token' && key !== 'Password' && isScalar(value)) pairs.push([key, value]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([, value]) => String(value)).join('');
}

/** The Token of a request or a notification: 64 lowercase hex characters. */
export function tbankToken(params: Readonly<Record<string, unknown>>, password: string): string {
  return sha256Hex(tokenSource(params, password));
}

/** Equal strings, compared in time that depends on the length only, not on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let index = 0; index < length; index++) {
    difference |= (a.charCodeAt(index) || 0) ^ (b.charCodeAt(index) || 0);
  }
  return difference === 0;
}

/** Whether `params.Token` is the Token of the other root-level parameters under `password`. */
export function verifyTbankToken(params: Readonly<Record<string, unknown>>, password: string): boolean {
  const token = params.Token;
  if (typeof token !== 'string') return false;
  return constantTimeEqual(token.toLowerCase(), tbankToken(params, password));
}
