/**
 * Widget visitors are named by the server: GET /config issues a random visitor id with a token,
 * an HMAC-SHA256 of `widget:<integrationId>:<visitorId>` under a key derived from the app's JWT
 * secret. Sending and reading a dialogue need the token, so knowing (or guessing) another visitor's
 * id is not enough to read their dialogue or write in it. WebCrypto only: the same code runs on
 * Workers and Node.
 */

import { base64url, bytesFromBase64url } from '../../shared/base64url';
import type { WidgetVisitor } from '../../shared/onchat';

const encoder = new TextEncoder();

/** Purpose label of the derived key: a token is useless as a JWT signature and vice versa. */
const KEY_PURPOSE = 'widget-visitor-token:v1';

const keys = new Map<string, Promise<CryptoKey>>();

async function deriveKey(secret: string): Promise<CryptoKey> {
  const master = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const derived = await crypto.subtle.sign('HMAC', master, encoder.encode(KEY_PURPOSE));
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

function tokenKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = deriveKey(secret);
    keys.set(secret, key);
  }
  return key;
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length !== 43) return null;
  const bytes = bytesFromBase64url(text);
  // atob ignores the last character's two spare bits: only the one spelling we issue is accepted.
  return bytes && base64url(bytes) === text ? bytes : null;
}

const subject = (integrationId: string, visitorId: string) =>
  encoder.encode(`widget:${integrationId}:${visitorId}`);

/** The token of one visitor of one widget. */
export async function visitorToken(
  secret: string,
  integrationId: string,
  visitorId: string,
): Promise<string> {
  const signature = await crypto.subtle.sign(
    'HMAC',
    await tokenKey(secret),
    subject(integrationId, visitorId),
  );
  return base64url(new Uint8Array(signature));
}

/** A new visitor of a widget: 18 random bytes as the id (24 characters), and its token. */
export async function issueVisitor(secret: string, integrationId: string): Promise<WidgetVisitor> {
  const id = base64url(crypto.getRandomValues(new Uint8Array(18)));
  return { id, token: await visitorToken(secret, integrationId, id) };
}

/** Whether `token` was issued for this visitor of this widget (compared in constant time). */
export async function visitorTokenValid(
  secret: string,
  integrationId: string,
  visitorId: string,
  token: string | undefined,
): Promise<boolean> {
  const signature = token ? fromBase64url(token) : null;
  if (!signature) return false;
  return crypto.subtle.verify('HMAC', await tokenKey(secret), signature, subject(integrationId, visitorId));
}
