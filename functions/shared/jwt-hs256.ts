import { base64url, bytesFromBase64url } from './base64url';
import { hmacBytes } from './hmac-hex';
import { timingSafeEqual } from './same-secret';

/**
 * The JWTs this server issues to itself (sessions, room sockets): HS256 over the compact form,
 * RFC 7519, with the checks `jose`'s jwtVerify makes of them. In this thread (@noble/hashes):
 * jose's WebCrypto verify cost 50–70 µs of every authenticated request, a third of its time.
 */

export type JwtClaims = Record<string, unknown>;

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const HEADER = base64url(encoder.encode(JSON.stringify({ alg: 'HS256' })));

function jsonObjectOf(segment: string): JwtClaims | null {
  const bytes = bytesFromBase64url(segment);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JwtClaims) : null;
  } catch {
    return null;
  }
}

/** The token of `claims` (iat, exp and the rest, in seconds) signed with `secret`. */
export function signJwt(claims: JwtClaims, secret: string): string {
  const signedPart = `${HEADER}.${base64url(encoder.encode(JSON.stringify(claims)))}`;
  return `${signedPart}.${base64url(hmacBytes(secret, signedPart))}`;
}

/** A numeric date claim: absent, or a finite number. */
const dateClaim = (claims: JwtClaims, name: string): number | null | undefined => {
  const value = claims[name];
  if (value === undefined) return undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/**
 * The claims of a token signed with `secret` by HS256 that is valid at `now` (not expired, not
 * before its nbf); null for anything else: another algorithm, a header with critical extensions,
 * a bad signature, a claims set that is not a JSON object, a date claim that is not a number.
 */
export function verifyJwt(token: string, secret: string, now: Date): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
  const header = jsonObjectOf(headerPart);
  if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  const signature = bytesFromBase64url(signaturePart);
  if (!signature || !timingSafeEqual(signature, hmacBytes(secret, `${headerPart}.${claimsPart}`))) {
    return null;
  }
  const claims = jsonObjectOf(claimsPart);
  if (!claims) return null;
  const seconds = Math.floor(now.getTime() / 1000);
  const [iat, nbf, exp] = [dateClaim(claims, 'iat'), dateClaim(claims, 'nbf'), dateClaim(claims, 'exp')];
  if (iat === null || nbf === null || exp === null) return null;
  if (nbf !== undefined && nbf > seconds) return null;
  if (exp !== undefined && exp <= seconds) return null;
  return claims;
}
