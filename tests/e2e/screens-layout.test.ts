import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { type Account, apiCall } from './support/account';
import { launchBrowser } from './support/browser';
import {
  accountWithContent,
  box,
  clippedElements,
  openDirectly,
  overflowingElements,
  SIGNED_IN_ROUTES,
  sidewaysScroll,
  unstyledClasses,
} from './support/screens';
import { seen } from './support/ui';

// Issue 11 §5: every signed-in screen on a desktop and a phone, in both languages, laid out as a
// user expects; a full-page screenshot of each lands in tests/.tmp/screens to look at.
const SHOTS = new URL('../.tmp/screens/', import.meta.url).pathname;
const WIDTHS = [1440, 390] as const;
const LANGS = ['ru', 'en'] as const;
type Lang = (typeof LANGS)[number];

/** Texts that only the language's interface shows, in the header on every width. */
const SIGN_OUT: Record<Lang, string> = { ru: 'Выйти', en: 'Sign out' };
const OPEN_MENU: Record<Lang, string> = { ru: 'Открыть меню', en: 'Open the menu' };
const BROWSER_LOCALE: Record<Lang, string> = { ru: 'ru-RU', en: 'en-US' };

let server: LocalServer;
let browser: Browser;
let account: Account;
let widgetId: string;
let botId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startFreshServer();
  browser = await launchBrowser();
  // Two website visitors write: the chats list has items.
  ({ account, widgetId, botId } = await accountWithContent(server, 'layout', 'Консультант магазина одежды', [
    'Есть ли худи размера M?',
    'Когда доставка? Очень нужно к пятнице, это подарок',
  ]));
  // Settings with a list in each card: an API key and a Telegram recipient.
  await apiCall(server, 'POST', '/api/keys', { comment: 'CRM магазина' }, account.token);
  await apiCall(server, 'POST', '/api/profile/tg', { contacts: ['@shop_manager'] }, account.token);
  // One history entry: a message in Check to a bot that is off (refused, logged).
  await apiCall(
    server,
    'POST',
    '/api/check/messages',
    { bot_id: botId, text: 'Есть доставка?' },
    account.token,
  );
  for (let attempt = 0; attempt < 100; attempt++) {
    const history = (await apiCall(server, 'GET', '/api/history', undefined, account.token)) as {
      total: number;
    };
    if (history.total > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the Check message did not reach the history');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const slug = (route: string) => route.slice(1).replace(/[/:]+/g, '-');

describe.each(LANGS)('in %s', (lang) => {
  // The account's language is the app's (SPEC §1): the profile is switched before each pass.
  beforeAll(async () => {
    await apiCall(server, 'POST', '/api/profile', { lang }, account.token);
  });

  const screens = SIGNED_IN_ROUTES.flatMap((route) => WIDTHS.map((width) => ({ route, width })));

  it.each(screens)(
    '$route at $width px fits the width, is styled and keeps the sections reachable',
    async ({ route, width }) => {
      const path = route.replace(':bot', botId).replace(':widget', widgetId);
      const { page, close } = await openDirectly({ browser, server, token: account.token }, path, {
        width,
        locale: BROWSER_LOCALE[lang],
      });
      try {
        // The page really speaks the account's language.
        await seen(page.getByRole('button', { name: SIGN_OUT[lang], exact: true }));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        // The chats list has its items before anything is measured.
        if (route === '/chats') await seen(page.getByTestId('chat-item'));
        await page.screenshot({ path: `${SHOTS}${slug(route)}-${width}-${lang}.png`, fullPage: true });

        expect(await sidewaysScroll(page), 'the page scrolls sideways').toBeLessThanOrEqual(1);
        expect(await overflowingElements(page), 'elements past the right edge').toEqual([]);
        expect(await clippedElements(page), 'content cut off sideways').toEqual([]);
        expect(await unstyledClasses(page), 'Mantine classes without their rules').toEqual([]);

        if (route === '/chats') {
          const list = await box(page, '.mantine-Grid-col', 0);
          const dialogue = await box(page, '.mantine-Grid-col', 1);
          if (width === 1440) {
            expect(Math.abs(dialogue.y - list.y)).toBeLessThan(2);
            expect(dialogue.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
          } else {
            expect(dialogue.y).toBeGreaterThanOrEqual(list.y + list.height - 1);
            expect(Math.abs(dialogue.x - list.x)).toBeLessThan(2);
          }
        }

        // The sections are reachable: the navbar on a desktop, behind the burger on a phone.
        const burger = page.getByRole('button', { name: OPEN_MENU[lang], exact: true });
        const navLink = page.getByTestId('nav-bots');
        if (width === 1440) {
          expect(await navLink.isVisible()).toBe(true);
          expect((await box(page, '[data-testid="nav-bots"]')).x).toBeGreaterThanOrEqual(0);
          expect(await burger.isVisible()).toBe(false);
        } else {
          expect(await burger.isVisible()).toBe(true);
          // The collapsed navbar waits off screen, to the left, and slides fully in on the burger.
          expect((await box(page, '[data-testid="nav-bots"]')).x).toBeLessThan(0);
          await burger.click();
          await page.waitForFunction(() => {
            const link = document.querySelector('[data-testid="nav-bots"]')?.getBoundingClientRect();
            return link !== undefined && link.left >= 0 && link.right <= window.innerWidth + 1;
          });
        }
      } finally {
        await close();
      }
    },
  );
});
