import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../web/src/i18n/catalog-en';
import { ru } from '../../web/src/i18n/catalog-ru';

const WEB_SRC = fileURLToPath(new URL('../../web/src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('web catalogs', () => {
  it('have the same message ids in Russian and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ru).sort());
  });

  it('have a text for every message id', () => {
    for (const catalog of [ru, en]) {
      const empty = Object.entries(catalog).filter(([, text]) => typeof text !== 'string' || text === '');
      expect(empty).toEqual([]);
    }
  });

  it('carry every literal message id the web app translates', () => {
    // t('id'), te('id'), translate('id'), i18n._('id'); ids built from template literals are typed by MessageId.
    const call = /(?:\bt|\bte|\btranslate|\b_)\(\s*'([a-z][\w.-]*)'/g;
    const used = new Set<string>();
    for (const file of sourceFiles(WEB_SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(call)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((id) => !Object.hasOwn(ru, id))).toEqual([]);
  });
});
