import { describe, expect, it } from 'vitest';
import { splitMessage } from '../../functions/channels/split-message';

describe('splitMessage (Telegram’s 4096-character limit)', () => {
  it('leaves a short text whole and drops a blank one', () => {
    expect(splitMessage('  Здравствуйте!  ', 4096)).toEqual(['Здравствуйте!']);
    expect(splitMessage('x'.repeat(4096), 4096)).toEqual(['x'.repeat(4096)]);
    expect(splitMessage(' \n ', 4096)).toEqual([]);
  });

  it('prefers a paragraph break, then a line break, then a space in the second half of the window', () => {
    expect(splitMessage('aaaa bbbb\n\ncccc dd', 12)).toEqual(['aaaa bbbb', 'cccc dd']);
    expect(splitMessage('aaaa bb\ncccc dddd', 12)).toEqual(['aaaa bb', 'cccc dddd']);
    expect(splitMessage('aaaa bbbb cccc', 12)).toEqual(['aaaa bbbb', 'cccc']);
    // A paragraph break early in the window would make a tiny part: the later space wins.
    expect(splitMessage('ab\n\ncccc dddd eeee', 12)).toEqual(['ab\n\ncccc', 'dddd eeee']);
  });

  it('cuts a text without breaks at the limit, never inside a surrogate pair', () => {
    expect(splitMessage('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    const emoji = '😀'.repeat(5); // ten UTF-16 code units
    const parts = splitMessage(`a${emoji}`, 4);
    expect(parts.join('')).toBe(`a${emoji}`);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(4);
      expect(part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
  });

  it('keeps every part within the limit and the words in order for a long answer', () => {
    const text = Array.from({ length: 2000 }, (_, i) => (i % 37 === 0 ? `слово${i}\n` : `слово${i}`)).join(
      ' ',
    );
    const parts = splitMessage(text, 4096);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(4096);
    expect(parts.join(' ').split(/\s+/)).toEqual(text.split(/\s+/));
  });
});
