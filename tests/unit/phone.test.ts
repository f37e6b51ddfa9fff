import { describe, expect, it } from 'vitest';
import { formatPhoneMask, normalizePhone } from '../../functions/shared/phone';

describe('phone numbers', () => {
  it.each([
    ['7 (999) 123-45-67', '79991234567'],
    ['+7 999 123 45 67', '79991234567'],
    ['89991234567', '79991234567'],
    ['9991234567', '79991234567'],
    ['+380 44 123 4567', '380441234567'],
  ])('normalises %j to %s', (input, digits) => {
    expect(normalizePhone(input)).toBe(digits);
  });

  it.each(['', '12345', '7999abc4567', '1234567890123456'])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it.each([
    ['9', '7 (9'],
    ['7999', '7 (999'],
    ['79991234', '7 (999) 123-4'],
    ['79991234567', '7 (999) 123-45-67'],
    ['8999123456789', '7 (999) 123-45-67'],
  ])('masks typed digits %j as %j', (typed, masked) => {
    expect(formatPhoneMask(typed)).toBe(masked);
  });
});
