/**
 * T-Bank's request and notification signature (payments.md §1.3, the API's «Токен» section): the
 * root-level scalar parameters (nested objects and arrays such as DATA, Receipt, Shops do not take
 * part; nulls are skipped; Token itself is left out) plus {Password}, sorted by key in ordinal
 * (code-unit) order like Java's TreeMap, their values concatenated with no separator, SHA-256 over
 * the UTF-8 bytes, lowercase hex. Runs on Workers and on Node.
 */

import { sameSecret } from '../../shared/same-secret';
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

/** Whether `params.Token` is the Token of the other root-level parameters under `password`. */
export function verifyTbankToken(params: Readonly<Record<string, unknown>>, password: string): boolean {
  const token = params.Token;
  if (typeof token !== 'string') return false;
  return sameSecret(token.toLowerCase(), tbankToken(params, password));
}
