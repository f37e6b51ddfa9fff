import { describe, expect, it } from 'vitest';
import { checkWorkerConfig, localConfigSchema, readConfig } from '../../functions/config';
import { openSecret, openSecretText, SecretUnreadable, sealSecret } from '../../functions/secrets/secret-box';
import { generateSecretsKey, parseSecretsKey } from '../../functions/secrets/secrets-key';

const KEY = generateSecretsKey();
const OTHER_KEY = generateSecretsKey();
const LABEL = 'connection_data.token';

describe('SECRETS_KEY', () => {
  it('reads 32 bytes in hex, base64 and base64url, and nothing else', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, index) => index * 7 + 250);
    const hex = Buffer.from(bytes).toString('hex');
    for (const text of [
      hex,
      hex.toUpperCase(),
      Buffer.from(bytes).toString('base64'),
      Buffer.from(bytes).toString('base64url'),
    ]) {
      expect(parseSecretsKey(text), text).toEqual(bytes);
    }
    for (const text of [
      '',
      'short',
      hex.slice(2),
      `${hex}00`,
      Buffer.alloc(31).toString('base64'),
      '*'.repeat(44),
    ]) {
      expect(parseSecretsKey(text), text).toBeNull();
    }
    expect(parseSecretsKey(KEY)).toHaveLength(32);
  });

  it('is required by the Worker, optional in the embedded shape, and never echoed', () => {
    const check = checkWorkerConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems).toContainEqual({ setting: 'SECRETS_KEY', reason: 'is missing' });
    const wrong = checkWorkerConfig({ SECRETS_KEY: 'not-a-key-but-a-secret-value' });
    expect(wrong.ok).toBe(false);
    if (wrong.ok) return;
    const problem = wrong.problems.find((entry) => entry.setting === 'SECRETS_KEY');
    expect(problem).toEqual({ setting: 'SECRETS_KEY', reason: 'must be 32 bytes in base64 or hex' });
    expect(readConfig(localConfigSchema, {}).SECRETS_KEY).toBeUndefined();
    expect(readConfig(localConfigSchema, { SECRETS_KEY: KEY }).SECRETS_KEY).toBe(KEY);
    expect(() => readConfig(localConfigSchema, { SECRETS_KEY: 'abc' })).toThrow(/SECRETS_KEY/);
  });
});

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, with a fresh IV each time and no plain text in the stored form', async () => {
    const plain = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
    const first = await sealSecret(KEY, LABEL, plain, 'Dsaw');
    const second = await sealSecret(KEY, LABEL, plain);
    expect(first).toMatchObject({ v: 1, tail: 'Dsaw' });
    expect(first.iv).not.toBe(second.iv);
    expect(first.ct).not.toBe(second.ct);
    expect(JSON.stringify(first)).not.toContain(plain.slice(0, 20));
    expect(await openSecret(KEY, LABEL, first)).toBe(plain);
    expect(await openSecret(KEY, LABEL, second)).toBe(plain);
  });

  it('fails closed: another key, another field or an altered value does not open', async () => {
    const sealed = await sealSecret(KEY, LABEL, 'secret value');
    // Opened once under its own key and label first: what was opened is kept, and must not open
    // the same value under another key or label.
    expect(await openSecret(KEY, LABEL, sealed)).toBe('secret value');
    await expect(openSecret(OTHER_KEY, LABEL, sealed)).rejects.toBeInstanceOf(SecretUnreadable);
    await expect(openSecret(KEY, 'connection_data.webhook_secret', sealed)).rejects.toThrow(
      'connection_data.webhook_secret cannot be decrypted: SECRETS_KEY is not the key it was stored with',
    );
    const ct = Buffer.from(sealed.ct, 'base64');
    ct[0] = (ct[0] ?? 0) ^ 1;
    await expect(openSecret(KEY, LABEL, { ...sealed, ct: ct.toString('base64') })).rejects.toBeInstanceOf(
      SecretUnreadable,
    );
    await expect(openSecret(KEY, LABEL, { ...sealed, iv: 'not base64!' })).rejects.toBeInstanceOf(
      SecretUnreadable,
    );
  });

  it('opens a sealed secret kept as text, and reads anything else as missing', async () => {
    const text = JSON.stringify(await sealSecret(KEY, LABEL, 'whsec_value'));
    expect(await openSecretText(KEY, LABEL, text)).toBe('whsec_value');
    expect(await openSecretText(OTHER_KEY, LABEL, text)).toBeNull();
    expect(await openSecretText(KEY, 'another.label', text)).toBeNull();
    for (const other of ['', 'not json', '"whsec_value"', '{"v":1}']) {
      expect(await openSecretText(KEY, LABEL, other), other).toBeNull();
    }
  });
});
