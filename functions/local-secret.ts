import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSecretsKey, parseSecretsKey } from './secrets/secrets-key';

/** The embedded shape keeps a generated JWT secret in DATA_DIR so sessions survive restarts. */
export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The embedded shape's SECRETS_KEY when none is configured: generated once into DATA_DIR/secrets-key
 * and read from there after, so credentials stored under it stay readable across restarts. Losing
 * the file makes them unreadable (the owner enters them again); a damaged file stops start-up.
 */
export async function loadOrCreateSecretsKey(dataDir: string): Promise<string> {
  const file = join(dataDir, 'secrets-key');
  if (existsSync(file)) {
    const key = (await readFile(file, 'utf8')).trim();
    if (!parseSecretsKey(key)) throw new Error(`${file} does not hold a 32-byte key in base64 or hex`);
    return key;
  }
  const key = generateSecretsKey();
  await writeFile(file, key, { mode: 0o600, flag: 'wx' });
  return key;
}
