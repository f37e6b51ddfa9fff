import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenLinks, headingSlug } from '../support/markdown-links';

const root = new URL('../..', import.meta.url).pathname;

/** README.md and every Markdown page under docs/. */
const pages = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name)),
];

describe('the documentation', () => {
  it('has the front page and the pages it links to', () => {
    expect(pages.length).toBeGreaterThan(10);
  });

  it.each(pages.map((page) => [page.slice(root.length)]))('%s has no broken relative link', (page) => {
    expect(brokenLinks(join(root, page), root)).toEqual([]);
  });
});

/** The app's texts in every language: help texts name documentation pages by their path. */
const catalogs = readdirSync(join(root, 'web/src/i18n/catalog'), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .map((name) => ({ name, text: readFileSync(join(root, 'web/src/i18n/catalog', name), 'utf8') }));

describe('help texts of the app', () => {
  it('name documentation pages that exist', () => {
    const named = catalogs.flatMap(({ name, text }) =>
      [...text.matchAll(/\bdocs\/[\w./-]+\.md\b/g)].map((match) => ({ name, page: match[0] })),
    );
    expect(named.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['en/api-channel.ts', 'ru/api-channel.ts']),
    );
    expect(named.filter(({ page }) => !existsSync(join(root, page)))).toEqual([]);
  });

  it('send no one to a README section, which moved to docs/', () => {
    const stale = catalogs.filter(({ text }) => /README[^'\n]{0,12}(section|раздел)/i.test(text));
    expect(stale.map(({ name }) => name)).toEqual([]);
  });
});

describe('the link check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names a missing file, a missing heading and a missing anchor of the page itself', () => {
    mkdirSync(join(dir, 'docs'));
    writeFileSync(
      join(dir, 'docs', 'engine.md'),
      '# Engine\n\n## What one message costs\n\n## Measuring: `npm run bench`\n\n## Holds\n\n## Holds\n',
    );
    writeFileSync(
      join(dir, 'README.md'),
      [
        '# Front',
        '## Two commands',
        '[ok](docs/engine.md) [ok](docs/engine.md#what-one-message-costs) [ok](docs/engine.md#holds-1)',
        '[ok](#two-commands) [ok](docs/) [ok](https://example.com/missing.md) ![ok](docs/engine.md)',
        '[ok](docs/engine.md#measuring-npm-run-bench)',
        '`[code](missing.md)`',
        '```md\n[code](missing.md)\n```',
        '[gone](docs/money.md) [gone](docs/engine.md#exactly-once) [gone](#three-commands)',
      ].join('\n\n'),
    );
    expect(brokenLinks(join(dir, 'README.md'), dir)).toEqual([
      'README.md: docs/money.md (no such file)',
      'README.md: docs/engine.md#exactly-once (no such heading)',
      'README.md: #three-commands (no such heading)',
    ]);
  });

  it('makes anchors the way GitHub does', () => {
    expect(headingSlug('The embedded shape (`npm start`)')).toBe('the-embedded-shape-npm-start');
    expect(headingSlug('Us → your callback URL')).toBe('us--your-callback-url');
    expect(headingSlug('Prices and limits of one answer (holds)')).toBe(
      'prices-and-limits-of-one-answer-holds',
    );
  });
});
