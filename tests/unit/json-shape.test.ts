import { describe, expect, it } from 'vitest';
import { checkJsonShape, MAX_JSON_ARRAY_ITEMS, MAX_JSON_DEPTH } from '../../functions/http/json-shape';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('checkJsonShape', () => {
  it('passes ordinary bodies through unchanged', () => {
    const body = { name: 'Анна', list: [1, 'a', { b: null }], flag: true };
    expect(checkJsonShape(body)).toEqual({ ok: true, value: body });
  });

  it('names the first U+0000 in a string or a key by its path', () => {
    expect(checkJsonShape({ a: { b: ['x', 'y\u0000'] } })).toEqual({
      ok: false,
      problem: { kind: 'nul', path: 'a.b.1' },
    });
    expect(checkJsonShape({ a: { 'k\u0000': 1 } })).toEqual({
      ok: false,
      problem: { kind: 'nul', path: 'a.k' },
    });
    expect(checkJsonShape('\u0000')).toEqual({ ok: false, problem: { kind: 'nul', path: '_' } });
  });

  it('strips U+0000 into a copy when asked, leaving the input as it was', () => {
    const body = { text: 'При\u0000вет', list: ['\u0000a'], 'k\u0000': 'v', other: 1 };
    const result = checkJsonShape(body, 'strip');
    expect(result).toEqual({ ok: true, value: { text: 'Привет', list: ['a'], k: 'v', other: 1 } });
    expect(body.text).toBe('При\u0000вет');
    const proto = checkJsonShape(JSON.parse('{"__proto__":"a\\u0000"}'), 'strip');
    expect(proto.ok && Object.hasOwn(proto.value as object, '__proto__')).toBe(true);
  });

  it('refuses nesting deeper than the limit and lists longer than the limit, without recursion', () => {
    expect(checkJsonShape(nested(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(checkJsonShape(nested(MAX_JSON_DEPTH + 1))).toEqual({ ok: false, problem: { kind: 'too_deep' } });
    expect(checkJsonShape(nested(200_000))).toEqual({ ok: false, problem: { kind: 'too_deep' } });
    expect(checkJsonShape({ a: Array(MAX_JSON_ARRAY_ITEMS).fill(0) }).ok).toBe(true);
    expect(checkJsonShape({ a: Array(MAX_JSON_ARRAY_ITEMS + 1).fill(0) })).toEqual({
      ok: false,
      problem: { kind: 'too_many_items', path: 'a' },
    });
  });
});
