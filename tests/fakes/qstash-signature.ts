import { base64url, SignJWT } from 'jose';

/**
 * Signs a delivery the way QStash does (what @upstash/qstash's Receiver checks): an HS256 JWT issued
 * by "Upstash" whose subject is the destination URL and whose `body` claim is the base64url SHA-256
 * of the raw body, valid for five minutes. Runs on WebCrypto, so in Node and in workerd.
 */
export async function signQStashDelivery(options: {
  signingKey: string;
  url: string;
  body: string;
  /** Seconds since the epoch the token is issued at; now by default. */
  issuedAt?: number;
}): Promise<string> {
  const now = options.issuedAt ?? Math.floor(Date.now() / 1000);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(options.body));
  return new SignJWT({ body: base64url.encode(new Uint8Array(digest)) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('Upstash')
    .setSubject(options.url)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + 300)
    .setJti(`jwt_${crypto.randomUUID()}`)
    .sign(new TextEncoder().encode(options.signingKey));
}
