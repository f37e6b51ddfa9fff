import { hmacHex } from '../../shared/hmac-hex';
import { sameSecret } from '../../shared/same-secret';

/**
 * `X-Hub-Signature-256: sha256=<lowercase hex HMAC-SHA256(app secret, raw body)>` (reference
 * §2.3). The body is hashed exactly as it came: Meta escapes non-ASCII as `\uXXXX` and `/` as `\/`,
 * so JSON parsed and written again would hash differently (§6: peers' "signature sometimes invalid").
 */
export const SIGNATURE_HEADER = 'x-hub-signature-256';

export async function signatureHolds(appSecret: string, raw: string, header: string | undefined) {
  const given = /^sha256=([0-9a-fA-F]{64})$/.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  return sameSecret(given.toLowerCase(), hmacHex(appSecret, raw));
}
