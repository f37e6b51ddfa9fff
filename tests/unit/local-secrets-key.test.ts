import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecretsKey } from '../../functions/local-secret';
import { parseSecretsKey } from '../../functions/secrets/secrets-key';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'secrets-key-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the embedded shape’s SECRETS_KEY', () => {
  it('is generated once into DATA_DIR/secrets-key, readable by its owner only, and kept', async () => {
    const key = await loadOrCreateSecretsKey(dir);
    expect(parseSecretsKey(key)).toHaveLength(32);
    const file = join(dir, 'secrets-key');
    expect((await readFile(file, 'utf8')).trim()).toBe(key);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSecretsKey(dir)).toBe(key);
  });

  it('stops start-up when the file does not hold a key', async () => {
    await writeFile(join(dir, 'secrets-key'), 'not a key');
    await expect(loadOrCreateSecretsKey(dir)).rejects.toThrow('does not hold a 32-byte key');
  });
});
