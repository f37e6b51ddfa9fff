import { sameSecret } from '../../shared/same-secret';

/**
 * The API channel's signature, both ways: `sha256=` and the HMAC-SHA256 of the body's exact bytes
 * under the integration's secret, in lower-case hex (as `openssl dgst -sha256 -hmac` prints it).
 */

const encoder = new TextEncoder();

export async function hmacSha256Hex(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The header value that signs `body`. */
export const signatureOf = async (secret: string, body: string) =>
  `sha256=${await hmacSha256Hex(secret, body)}`;

/** Whether `header` signs `body` under `secret`; compared without an early exit. */
export async function signatureMatches(secret: string, body: string, header: string | undefined) {
  const given = /^sha256=([0-9a-fA-F]{64})$/.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  return sameSecret(given.toLowerCase(), await hmacSha256Hex(secret, body));
}
