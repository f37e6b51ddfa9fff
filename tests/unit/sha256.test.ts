import { describe, expect, it } from 'vitest';
import { hmacHex } from '../../functions/shared/hmac-hex';
import { sameSecret } from '../../functions/shared/same-secret';
import { sha256Hex } from '../../functions/shared/sha256-hex';

const webCryptoHex = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

describe('sha256Hex', () => {
  it('gives the FIPS 180-2 digests of "abc" and of the empty text', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('gives WebCrypto’s digest of UTF-8 texts of every length around a block', async () => {
    for (let length = 0; length < 140; length++) {
      const text = 'Привет, 🌍 world '.repeat(10).slice(0, length);
      expect(sha256Hex(text), `length ${length}`).toBe(await webCryptoHex(text));
    }
  });
});

describe('sameSecret', () => {
  it('is true only for the same text', () => {
    expect(sameSecret('s3cret-token', 's3cret-token')).toBe(true);
    expect(sameSecret('s3cret-token', 's3cret-tokeN')).toBe(false);
    expect(sameSecret('s3cret', 's3cret-token')).toBe(false);
    expect(sameSecret('', '')).toBe(true);
  });
});

describe('hmacHex', () => {
  it('gives RFC 4231’s HMAC-SHA256 of test case 2, and Node’s for a Cyrillic body under a long key', async () => {
    expect(hmacHex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    const { createHmac } = await import('node:crypto');
    const key = 'k'.repeat(100);
    const body = JSON.stringify({ text: 'Здравствуйте, можно записаться на завтра?' });
    expect(hmacHex(key, body)).toBe(createHmac('sha256', key).update(body).digest('hex'));
  });
});
