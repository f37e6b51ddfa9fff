import { describe, expect, it } from 'vitest';
import { OPENAPI_DOCUMENT_PATH, SCALAR_BUNDLE_PATH } from '../../functions/shared/api-docs';
import { createTestApp } from '../support/test-app';
import { sharedTestApp } from './support/client';

const api = sharedTestApp();

const open = (lang: string, app = api.t.app) =>
  app.request('/api/docs', { headers: { 'accept-language': lang, 'x-test-ip': '10.0.0.1' } });

/** The policy's directives by name. */
const policyOf = (response: Response): Record<string, string[]> =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('GET /api/docs', () => {
  it('is a page that loads Scalar from our own assets and the document from our own API', async () => {
    const response = await open('en');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('<title>API reference — Bot Builder</title>');
    expect(page).toContain(`<script src="${SCALAR_BUNDLE_PATH}"`);
    expect(page).toContain(`"url":"${OPENAPI_DOCUMENT_PATH}"`);
    // Scalar is told not to reach out: no fonts from its CDN, no telemetry, no agent.
    expect(page).toContain('"withDefaultFonts":false');
    expect(page).toContain('"telemetry":false');
    expect(page).toContain('"agent":{"disabled":true}');
    expect(page).not.toMatch(/https?:\/\//);
    expect(page).toContain('href="/"');
  });

  it('allows scripts, styles and requests from this origin only, the inline call by its nonce', async () => {
    const response = await open('en');
    const policy = policyOf(response);
    const nonce = /<script nonce="([^"]+)">/.exec(await response.text())?.[1];
    expect(nonce).toBeTruthy();
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    for (const values of Object.values(policy))
      for (const value of values) expect(value).not.toMatch(/^https?:|\*/);
    // Each request gets its own nonce.
    const again = /<script nonce="([^"]+)">/.exec(await (await open('en')).text())?.[1];
    expect(again).not.toBe(nonce);
  });

  it('speaks the caller’s language and tells Scalar the same', async () => {
    const page = await (await open('ru-RU,ru;q=0.9')).text();
    expect(page).toContain('<html lang="ru">');
    expect(page).toContain('<title>Справочник API — Конструктор ботов</title>');
    expect(page).toContain('Вернуться в приложение');
    expect(page).toContain('"localization":{"locale":"ru"}');
  });

  it('links the documentation when DOCS_URL is set, and only then', async () => {
    expect(await (await open('en')).text()).not.toContain('class="docs-guide"');
    const t = await createTestApp({ settings: { externalLinks: { docs: 'https://docs.example.com/' } } });
    try {
      const page = await (await open('en', t.app)).text();
      expect(page).toContain('<a class="docs-guide" href="https://docs.example.com/"');
    } finally {
      await t.close();
    }
  });

  it('leaves the API’s other routes under their own headers', async () => {
    const health = await api.t.app.request('/api/health', { headers: { 'x-test-ip': '10.0.0.1' } });
    expect(health.headers.get('content-security-policy')).toBeNull();
    expect(health.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
