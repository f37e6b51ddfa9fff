import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The modules a file imports, as written. */
const importsOf = (file: string) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1] as string);

describe('layers (ARCHITECTURE §7, the error contract)', () => {
  it.each(['functions/services', 'functions/engine', 'functions/integrations'])(
    '%s never imports the HTTP layer: errors carry a code, the status comes from http/error-status.ts',
    (folder) => {
      const offenders = sourcesUnder(folder).flatMap((file) =>
        importsOf(file)
          .filter((module) => /(^|\/)http\//.test(module) || module === 'hono' || module.startsWith('hono/'))
          .map((module) => `${file} imports ${module}`),
      );
      expect(offenders).toEqual([]);
    },
  );

  it('integration modules reach the engine only through types, so the registry has no import cycle', () => {
    const offenders = sourcesUnder('functions/integrations').flatMap((file) =>
      [
        ...readFileSync(join(root, file), 'utf8').matchAll(
          /^import (?!type )[^;]*from '([^']*engine\/[^']+)'/gm,
        ),
      ].map((match) => `${file} imports ${match[1]}`),
    );
    expect(offenders).toEqual([]);
  });
});
