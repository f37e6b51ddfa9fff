/**
 * Limits on the shape of a JSON body, checked before any schema or database sees it. No body of
 * ours is deeper than a few levels or has a list of more than a few dozen items; Postgres refuses
 * U+0000 in text and jsonb, and recursive code (JSON.stringify, a schema) overflows its stack on a
 * body nested thousands of levels deep, which fits in the 64 KiB limit.
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_ARRAY_ITEMS = 1000;

const NUL = '\u0000';

export type JsonShapeProblem =
  | { kind: 'too_deep' }
  | { kind: 'too_many_items'; path: string }
  | { kind: 'nul'; path: string };

export type JsonShapeResult = { ok: true; value: unknown } | { ok: false; problem: JsonShapeProblem };

interface Pending {
  value: unknown;
  depth: number;
  path: string;
  /** Where a stripped copy goes: the parent container and the key in it. */
  set: (value: unknown) => void;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** An own property even for the key `__proto__`, as JSON.parse makes it. */
const put = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });

/**
 * Walks `value` without recursion. `nul: 'refuse'` reports the first U+0000 in a key or string;
 * `'strip'` answers a copy with every U+0000 removed from the strings (and keys) instead.
 */
export function checkJsonShape(value: unknown, nul: 'refuse' | 'strip' = 'refuse'): JsonShapeResult {
  const root: { value: unknown } = { value };
  const stack: Pending[] = [{ value, depth: 0, path: '', set: (next) => (root.value = next) }];
  while (stack.length > 0) {
    const item = stack.pop() as Pending;
    const { value: current, depth, path } = item;
    if (typeof current === 'string') {
      if (!current.includes(NUL)) continue;
      if (nul === 'refuse') return { ok: false, problem: { kind: 'nul', path: path || '_' } };
      item.set(current.replaceAll(NUL, ''));
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { ok: false, problem: { kind: 'too_deep' } };
    if (Array.isArray(current)) {
      if (current.length > MAX_JSON_ARRAY_ITEMS)
        return { ok: false, problem: { kind: 'too_many_items', path: path || '_' } };
      const copy = nul === 'strip' ? [...current] : current;
      if (copy !== current) item.set(copy);
      copy.forEach((entry, index) => {
        stack.push({
          value: entry,
          depth: depth + 1,
          path: join(path, index),
          set: (v) => (copy[index] = v),
        });
      });
      continue;
    }
    const entries = Object.entries(current);
    if (nul === 'refuse') {
      const bad = entries.find(([key]) => key.includes(NUL));
      if (bad) return { ok: false, problem: { kind: 'nul', path: join(path, bad[0].replaceAll(NUL, '')) } };
      for (const [key, entry] of entries)
        stack.push({ value: entry, depth: depth + 1, path: join(path, key), set: () => {} });
      continue;
    }
    const copy: Record<string, unknown> = {};
    item.set(copy);
    for (const [key, entry] of entries) {
      const clean = key.replaceAll(NUL, '');
      // Keys equal once stripped keep the last value, as JSON.parse does with a repeated key.
      put(copy, clean, entry);
      stack.push({
        value: entry,
        depth: depth + 1,
        path: join(path, clean),
        set: (v) => put(copy, clean, v),
      });
    }
  }
  return { ok: true, value: root.value };
}
