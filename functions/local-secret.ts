import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The embedded shape keeps a generated JWT secret in DATA_DIR so sessions survive restarts. */
export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
