const NUL = '\u0000';

/**
 * A copy of plain data (strings, arrays, plain objects) with every U+0000 removed from its strings:
 * Postgres refuses it in text and jsonb, and a channel that delivers it must not get a 500 (it would
 * deliver the same poisoned event again and again).
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes(NUL) ? value.replaceAll(NUL, '') : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) {
    return value;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) copy[key.replaceAll(NUL, '')] = withoutNul(entry);
  return copy as T;
}
