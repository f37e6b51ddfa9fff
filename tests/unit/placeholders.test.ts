import { describe, expect, it } from 'vitest';
import { fillPlaceholders, jsonEscape } from '../../functions/engine/placeholders';

const ODD = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

describe('fillPlaceholders', () => {
  it('fills own values and leaves unknown names empty', () => {
    expect(fillPlaceholders('Hi {{ client_name }}, {{missing}}!', { client_name: 'Anna' })).toBe(
      'Hi Anna, !',
    );
  });

  it('never resolves names of Object.prototype members', () => {
    const template = ODD.map((name) => `[{{${name}}}]`).join('');
    const empty = ODD.map(() => '[]').join('');
    expect(fillPlaceholders(template, {})).toBe(empty);
    expect(fillPlaceholders(template, { client_name: 'Anna' }, encodeURIComponent)).toBe(empty);
    // A JSON template stays valid JSON (the function values used to make jsonEscape throw).
    const body = fillPlaceholders('{"a":"{{constructor}}","b":"{{__proto__}}"}', {}, jsonEscape);
    expect(JSON.parse(body)).toEqual({ a: '', b: '' });
  });

  it('uses a variable named like a prototype member when the chat has one', () => {
    const values = JSON.parse('{"constructor":"c","__proto__":"p"}') as Record<string, string>;
    expect(fillPlaceholders('{{constructor}}{{__proto__}}', values)).toBe('cp');
  });
});
