import { describe, expect, it } from 'vitest';
import { issueVisitor, visitorTokenValid } from '../../functions/services/widget/visitor-token';

const SECRET = 'unit-test-secret-that-is-long-enough!!';
const WIDGET = '5d0c3c1e-8a4f-4d7e-9b1a-2f3e4d5c6b7a';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('widget visitor tokens', () => {
  it('accepts the token issued for the visitor and nothing else', async () => {
    const anna = await issueVisitor(SECRET, WIDGET);
    const boris = await issueVisitor(SECRET, WIDGET);
    expect(await visitorTokenValid(SECRET, WIDGET, anna.id, anna.token)).toBe(true);
    expect(await visitorTokenValid(SECRET, WIDGET, anna.id, boris.token)).toBe(false);
    expect(await visitorTokenValid(SECRET, WIDGET, anna.id, undefined)).toBe(false);
    expect(await visitorTokenValid(`${SECRET}x`, WIDGET, anna.id, anna.token)).toBe(false);
  });

  it('refuses another spelling of a valid token (the last character’s spare bits changed)', async () => {
    const anna = await issueVisitor(SECRET, WIDGET);
    const last = ALPHABET.indexOf(anna.token.slice(-1));
    // The last of 43 characters carries 4 bits of the signature and 2 spare bits, always 0 as issued.
    for (const spare of [1, 2, 3]) {
      const other = `${anna.token.slice(0, -1)}${ALPHABET[last + spare]}`;
      expect(await visitorTokenValid(SECRET, WIDGET, anna.id, other)).toBe(false);
    }
  });
});
