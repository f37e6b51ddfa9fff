/**
 * Phones are stored as digits with the country code ("79991234567"). The UI mask is
 * `7 (###) ###-##-##`; a Russian trunk prefix 8 is read as 7, and other countries' numbers are
 * accepted as 10 to 15 digits.
 */
export function normalizePhone(input: string): string | null {
  if (!/^[\d\s()+\-.]*$/.test(input)) return null;
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) digits = `7${digits}`;
  if (digits.length < 10 || digits.length > 15) return null;
  return digits;
}

const MASK = '7 (###) ###-##-##';

/** Applies the `7 (###) ###-##-##` mask to whatever digits were typed so far. */
export function formatPhoneMask(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.startsWith('7') || digits.startsWith('8')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  let out = '';
  let index = 0;
  for (const char of MASK) {
    if (index >= digits.length) break;
    if (char === '#') out += digits[index++];
    else out += char;
  }
  return out;
}
