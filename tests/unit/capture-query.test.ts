import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signupQuery } from '../../functions/shared/schemas/auth';
import { captureQuery } from '../../web/src/routes/capture-query';

/** localStorage of a browser tab, enough for web/src/api/storage.ts. */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

let storage: ReturnType<typeof fakeStorage>;
const globals = globalThis as { window?: unknown };

beforeEach(() => {
  storage = fakeStorage();
  globals.window = { localStorage: storage };
});
afterEach(() => {
  delete globals.window;
});

/** functions/shared/schemas/auth.ts keeps at most this much of each link value. */
const SERVER_CAP = 500;

describe('captureQuery', () => {
  it('cuts a referral id and UTM values to what the server keeps', () => {
    const long = 'a'.repeat(SERVER_CAP + 300);
    captureQuery('/signup', `?ref_id=${long}&utm_content=${long}&utm_source=ya`);
    const refId = storage.items.get('ref_id') ?? '';
    const metrika = JSON.parse(storage.items.get('metrika') ?? '{}');
    expect(refId).toHaveLength(SERVER_CAP);
    expect(metrika.content).toHaveLength(SERVER_CAP);
    expect(metrika.source).toBe('ya');
    // Short values are kept as they are.
    captureQuery('/signin', '?ref_id=abcd1234&utm_campaign=spring');
    expect(storage.items.get('ref_id')).toBe('abcd1234');
    expect(JSON.parse(storage.items.get('metrika') ?? '{}')).toEqual({ campaign: 'spring' });
  });

  it('stores only what the server takes as it is', () => {
    const long = 'a'.repeat(SERVER_CAP + 300);
    captureQuery('/signup', `?ref_id=${long}&utm_content=${long}&utm_source=ya`);
    const refId = storage.items.get('ref_id') ?? '';
    const metrika = JSON.parse(storage.items.get('metrika') ?? '{}');
    expect(v.parse(signupQuery, { ref_id: refId, metrika })).toEqual({
      ref_id: refId,
      metrika: { content: metrika.content, source: 'ya' },
    });
  });
});
