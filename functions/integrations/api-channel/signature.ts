import { hmacHex } from '../../shared/hmac-hex';
import { sameSecret } from '../../shared/same-secret';

/**
 * The API channel's signature, both ways: `sha256=` and the HMAC-SHA256 of the body's exact bytes
 * under the integration's secret, in lower-case hex (as `openssl dgst -sha256 -hmac` prints it).
 */

/** The header value that signs `body`. */
export const signatureOf = (secret: string, body: string) => `sha256=${hmacHex(secret, body)}`;

/** Whether `header` signs `body` under `secret`; compared without an early exit. */
export function signatureMatches(secret: string, body: string, header: string | undefined): boolean {
  const given = /^sha256=([0-9a-fA-F]{64})$/.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  return sameSecret(given.toLowerCase(), hmacHex(secret, body));
}
