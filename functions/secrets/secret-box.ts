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

/** The plain text of a sealed secret; throws SecretUnreadable when it does not open under the key. */
export async function openSecret(keyText: string, label: string, sealed: SealedSecret): Promise<string> {
  const key = await cryptoKey(keyText);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: encoder.encode(label) },
      key,
      fromBase64(sealed.ct),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new SecretUnreadable(label);
  }
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
