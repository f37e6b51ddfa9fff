/**
 * SECRETS_KEY: the AES-256-GCM key integration credentials are encrypted with at rest (ARCHITECTURE
 * §4). 32 random bytes written as 64 hex digits or as base64 (standard or URL-safe, padded or not).
 * Plain WebCrypto and atob, so the Worker and Node read it alike.
 */

export const SECRETS_KEY_BYTES = 32;

const HEX = /^[0-9a-f]{64}$/i;
const BASE64 = /^[A-Za-z0-9+/_-]{43}=?$/;

/** The key's 32 bytes; null when `text` is not a 32-byte key in hex or base64. */
export function parseSecretsKey(text: string): Uint8Array<ArrayBuffer> | null {
  const trimmed = text.trim();
  if (HEX.test(trimmed)) {
    return Uint8Array.from(trimmed.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  }
  if (!BASE64.test(trimmed)) return null;
  const standard = trimmed.replaceAll('-', '+').replaceAll('_', '/').replace(/=?$/, '=');
  try {
    const bytes = Uint8Array.from(atob(standard), (char) => char.charCodeAt(0));
    return bytes.length === SECRETS_KEY_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

/** A fresh key in base64, as the embedded shape writes it into DATA_DIR. */
export function generateSecretsKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SECRETS_KEY_BYTES));
  return btoa(String.fromCharCode(...bytes));
}
