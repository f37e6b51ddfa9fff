import { parseSecretsKey } from './secrets-key';

/**
 * One secret at rest: AES-256-GCM under SECRETS_KEY with a fresh 96-bit IV per encryption. `label`
 * (where the secret lives, e.g. `connection_data.token`) is bound as additional data, so a stored
 * secret cannot be moved into another field and read there. `tail`, when present, is the end of the
 * value the API already shows in its mask; it is no secret.
 */
export interface SealedSecret {
  v: 1;
  iv: string;
  ct: string;
  tail?: string;
}

/** A stored secret that does not open: the key is not the one it was sealed with, or it was altered. */
export class SecretUnreadable extends Error {
  constructor(readonly label: string) {
    super(
      `${label} cannot be decrypted: SECRETS_KEY is not the key it was stored with, or the value was altered`,
    );
    this.name = 'SecretUnreadable';
  }
}

const IV_BYTES = 12;
const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

const imported = new Map<string, Promise<CryptoKey>>();

/** The WebCrypto key for a SECRETS_KEY text, imported once per process or isolate. */
function cryptoKey(keyText: string): Promise<CryptoKey> {
  let key = imported.get(keyText);
  if (!key) {
    const bytes = parseSecretsKey(keyText);
    if (!bytes) throw new Error('SECRETS_KEY must be 32 bytes in base64 or hex');
    key = crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
    imported.set(keyText, key);
  }
  return key;
}

export function isSealed(value: unknown): value is SealedSecret {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.v === 1 &&
    typeof record.iv === 'string' &&
    typeof record.ct === 'string' &&
    (record.tail === undefined || typeof record.tail === 'string')
  );
}

export async function sealSecret(
  keyText: string,
  label: string,
  plain: string,
  tail?: string,
): Promise<SealedSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(label) },
    await cryptoKey(keyText),
    encoder.encode(plain),
  );
  return { v: 1, iv: toBase64(iv), ct: toBase64(new Uint8Array(ct)), ...(tail ? { tail } : {}) };
}

/**
 * Secrets opened lately, by key, label and sealed value: a webhook's secret is checked on every
 * delivery, and opening it again each time is a thread-pool hop in Node and CPU time in a Worker.
 * Only what opened is kept, so another key or label still fails; the oldest go past the bound.
 */
const opened = new Map<string, string>();
const OPENED_MAX = 1000;

/** The plain text of a sealed secret; throws SecretUnreadable when it does not open under the key. */
export async function openSecret(keyText: string, label: string, sealed: SealedSecret): Promise<string> {
  const cacheKey = `${keyText}\n${label}\n${sealed.iv}\n${sealed.ct}`;
  const known = opened.get(cacheKey);
  if (known !== undefined) return known;
  const key = await cryptoKey(keyText);
  let plain: string;
  try {
    const bytes = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: encoder.encode(label) },
      key,
      fromBase64(sealed.ct),
    );
    plain = new TextDecoder().decode(bytes);
  } catch {
    throw new SecretUnreadable(label);
  }
  if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value as string);
  opened.set(cacheKey, plain);
  return plain;
}

/**
 * A sealed secret kept as text (a kv value, a text column holds the sealed secret's JSON), opened;
 * null when the text is no sealed secret or does not open under this key, which callers treat as
 * missing (a cached token is asked for again, an endpoint's deliveries are given up).
 */
export async function openSecretText(keyText: string, label: string, text: string): Promise<string | null> {
  let sealed: unknown;
  try {
    sealed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isSealed(sealed)) return null;
  try {
    return await openSecret(keyText, label, sealed);
  } catch (error) {
    if (error instanceof SecretUnreadable) return null;
    throw error;
  }
}
