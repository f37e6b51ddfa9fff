import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH, OPENAPI_DOCUMENT_PATH } from '../../functions/shared/api-docs';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { type Account, readyAccount } from './support/account';
import { launchBrowser } from './support/browser';
import { shootEveryLanguageAndWidth, sidewaysScroll } from './support/screens';
import { seen } from './support/ui';

const SHOTS = new URL('../.tmp/screens/', import.meta.url).pathname;

let server: LocalServer;
let browser: Browser;
let account: Account;

beforeAll(async () => {
  server = await startFreshServer();
  browser = await launchBrowser();
  account = await readyAccount(server, 'apidocs');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh browser in `locale` at `width` on the reference, every request it makes and every console error recorded. */
async function openDocs(locale: string, width: number, hash = '') {
  const context = await browser.newContext({ baseURL: server.url, locale, viewport: { width, height: 900 } });
  context.setDefaultTimeout(20_000);
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${API_DOCS_PATH}${hash}`);
  return { context, page, requests, errors };
}

/** Scalar's address of the chats list; it draws operations as they scroll into view, so the test goes there. */
const CHATS_LIST = '#tag/chats/GET/api/chats';

/** The routes are listed: the chats list's path and its operation are on screen. */
const routesShown = async (page: Page) => {
  await seen(page.getByText('/api/chats', { exact: false }).filter({ visible: true }));
  await seen(page.getByText('List chats').filter({ visible: true }));
};

describe('the API reference page', () => {
  it('renders the routes from our own origin only, in each language and width', async () => {
    for (const [locale, lang, title] of [
      ['ru-RU', 'ru', 'Справочник API — Конструктор ботов'],
      ['en-US', 'en', 'API reference — Bot Builder'],
    ] as const) {
      for (const width of [1440, 390]) {
        const { context, page, requests, errors } = await openDocs(locale, width, CHATS_LIST);
        try {
          await routesShown(page);
          // Every font the page uses has been fetched (or refused) by now.
          await page.evaluate(() => document.fonts.ready.then(() => true));
          expect(await page.title()).toBe(title);
          await seen(page.getByTestId('api-docs-back'));
          await page.screenshot({ path: `${SHOTS}api-docs-${width}-${lang}.png` });
          expect(requests).toContain(`${server.url}${OPENAPI_DOCUMENT_PATH}`);
          // Nothing left our origin: no CDN, no fonts, no telemetry.
          const foreign = requests.filter(
            (url) => !url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:'),
          );
          expect(foreign).toEqual([]);
          // The page's policy refused nothing Scalar needs.
          expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
          expect(await sidewaysScroll(page)).toBe(0);
        } finally {
          await context.close();
        }
      }
    }
  });

  it('its back link returns to the app', async () => {
    const { context, page } = await openDocs('en-US', 1440);
    try {
      await page.getByTestId('api-docs-back').click();
      await page.waitForURL((url) => url.pathname !== API_DOCS_PATH);
      // Signed out, the app opens on its sign-in form.
      await seen(page.locator('#root input[type="password"]'));
    } finally {
      await context.close();
    }
  });

  it('is linked from the profile’s API keys card', async () => {
    const problems = await shootEveryLanguageAndWidth(
      { browser, server, token: account.token },
      '/profile',
      'profile-api-reference',
      async (page) => {
        const link = await seen(page.getByTestId('keys-reference'));
        expect(await link.getAttribute('href')).toBe(API_DOCS_PATH);
        expect(['Справочник API', 'API reference']).toContain(await link.textContent());
      },
    );
    expect(problems).toEqual([]);
  });
});
