import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { LocalServer } from '../../support/local-server';
import { apiCall, readyAccount } from './account';
import { seen } from './ui';
import { connectedWidget, widgetVisitor } from './widget-visitor';

const root = new URL('../../..', import.meta.url).pathname;

/** Every signed-in route of SPEC §2; `:bot` and `:widget` stand for a bot's and a widget's id. */
export const SIGNED_IN_ROUTES = [
  '/chats',
  '/bots',
  '/bots/new',
  '/bots/:bot',
  '/ai_assistant',
  '/check',
  '/history',
  '/balance',
  '/integrations',
  '/integrations/onchat',
  '/integrations/onchat/:widget',
  '/integrations/telegram',
  '/integrations/wazzup',
  '/integrations/wappi',
  '/profile',
  '/partner',
] as const;

/** Who opens a screen: the browser, the server and the account's token. */
export interface SignedIn {
  browser: Browser;
  server: LocalServer;
  token: string;
}

export interface OpenOptions {
  width?: number;
  height?: number;
  /** The browser's own language (the account's language decides the app's). */
  locale?: string;
}

/**
 * A fresh browser (empty cache) signed in through the stored token, opening `path` directly; answers
 * once the screen's own data has arrived (no full-screen or in-page loader is left).
 */
export async function openDirectly(
  { browser, server, token }: SignedIn,
  path: string,
  { width = 1440, height = 900, locale = 'ru-RU' }: OpenOptions = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: server.url, locale, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  await context.addInitScript((stored) => window.localStorage.setItem('token', stored), token);
  const page = await context.newPage();
  await page.goto(path);
  await seen(page.locator('.mantine-AppShell-main'));
  // The screen's code has arrived (a lazy screen shows nothing at first) and drawn its heading.
  await seen(page.locator('.mantine-AppShell-main :is(h1, h2, h3)'));
  await page.waitForFunction(() => !document.querySelector('[role="status"] .mantine-Loader-root'));
  await page.waitForLoadState('networkidle');
  return { page, close: () => context.close() };
}

const SHOTS = `${root}tests/.tmp/screens/`;

/**
 * Opens `path` in each language (the account's) at 1440 and 390 pixels, waits for `ready`, saves
 * `tests/.tmp/screens/{name}-{width}-{lang}.png` and checks nothing overflows or is clipped.
 */
export async function shootEveryLanguageAndWidth(
  who: SignedIn,
  path: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const lang of ['ru', 'en'] as const) {
    await apiCall(who.server, 'POST', '/api/profile', { lang }, who.token);
    for (const width of [1440, 390]) {
      const opened = await openDirectly(who, path, { width });
      try {
        await ready(opened.page);
        await opened.page.screenshot({ path: `${SHOTS}${name}-${width}-${lang}.png`, fullPage: true });
        const found = [...(await overflowingElements(opened.page)), ...(await clippedElements(opened.page))];
        problems.push(...found.map((problem) => `${name} ${width} ${lang}: ${problem}`));
      } finally {
        await opened.close();
      }
    }
  }
  return problems;
}

/** Every `m_xxxxxxxx` class Mantine ships a rule for: a rendered one must find its rule in the page. */
const mantineClasses = new Set(
  ['@mantine/core/styles.css', '@mantine/notifications/styles.css', '@mantine/dates/styles.css']
    .flatMap((file) => [
      ...readFileSync(`${root}node_modules/${file}`, 'utf8').matchAll(/\.(m_[0-9a-f]{8})\b/g),
    ])
    .map((match) => match[1] as string),
);

/** Mantine classes on screen whose rules Mantine ships but no loaded stylesheet carries. */
export function unstyledClasses(page: Page): Promise<string[]> {
  return page.evaluate(
    (known) => {
      const loaded = new Set<string>();
      const visit = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) {
            for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})/g))
              loaded.add(match[1] as string);
          }
          if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
      const used = new Set<string>();
      for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
        for (const name of Array.from(element.classList)) if (/^m_[0-9a-f]{8}$/.test(name)) used.add(name);
      }
      const shipped = new Set(known);
      return [...used].filter((name) => shipped.has(name) && !loaded.has(name)).sort();
    },
    [...mantineClasses],
  );
}

/** The page's width beyond the window's, in px (0 when it does not scroll sideways). */
export const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/**
 * Visible elements whose right edge passes the viewport, each described by its selector, size and
 * text. Only where the overflow starts is named (an element whose parent stays inside); anything in
 * a container that scrolls or clips sideways (a ScrollArea around a wide table) is fine.
 */
export function overflowingElements(page: Page, tolerance = 1): Promise<string[]> {
  return page.evaluate((slack) => {
    const limit = window.innerWidth + slack;
    const clipsSideways = (element: Element) => {
      if (element === document.body || element === document.documentElement) return false;
      return getComputedStyle(element).overflowX !== 'visible';
    };
    const passes = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && rect.right > limit;
    };
    const describe = (element: Element) => {
      const classes = Array.from(element.classList)
        .filter((name) => !/^m_[0-9a-f]{8}$/.test(name))
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const testId = element.getAttribute('data-testid');
      const rect = element.getBoundingClientRect();
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      return `${element.tagName.toLowerCase()}${classes}${testId ? `[data-testid="${testId}"]` : ''} x=${Math.round(rect.left)}..${Math.round(rect.right)} "${text}"`;
    };
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!passes(element)) continue;
      let clipped = false;
      for (let up = element.parentElement; up && !clipped; up = up.parentElement) clipped = clipsSideways(up);
      if (clipped) continue;
      if (element.parentElement && element.parentElement !== document.body && passes(element.parentElement))
        continue;
      found.push(describe(element));
    }
    return found;
  }, tolerance);
}

/**
 * Visible boxes that cut their own content off sideways (overflow hidden or clip, content wider by
 * more than `slack` px: a segmented control whose last option is half gone). Deliberate shortening
 * (an ellipsis, clamped lines) and visually hidden labels are not counted.
 */
export function clippedElements(page: Page, slack = 4): Promise<string[]> {
  return page.evaluate((allowed) => {
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') continue;
      if (element.clientWidth <= 1 || element.scrollWidth <= element.clientWidth + allowed) continue;
      const classes = Array.from(element.classList)
        .filter((name) => !/^m_[0-9a-f]{8}$/.test(name))
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      found.push(
        `${element.tagName.toLowerCase()}${classes} shows ${element.clientWidth} of ${element.scrollWidth} px "${text}"`,
      );
    }
    return found;
  }, slack);
}

export const box = async (page: Page, selector: string, index = 0) => {
  const found = await page.locator(selector).nth(index).boundingBox();
  if (!found) throw new Error(`${selector} #${index} has no box`);
  return found;
};

const SHOP = 'https://shop.example.com';

/**
 * A ready account whose screens have content: a bot (switched off), a connected website widget and
 * two visitors' chats with `texts`, so the chats list has items with checkboxes.
 */
export async function accountWithContent(
  server: LocalServer,
  name: string,
  botName: string,
  texts: string[],
) {
  const account = await readyAccount(server, name);
  const widgetId = await connectedWidget(server, account.token, ['shop.example.com']);
  const bot = (await apiCall(
    server,
    'POST',
    '/api/bot',
    { name: botName, system_prompt: 'Ты консультант.' },
    account.token,
  )) as { id: string };
  for (const text of texts) {
    const shopper = await widgetVisitor(server, widgetId, SHOP);
    if ((await shopper.write(text)) !== 202) throw new Error(`the visitor could not write “${text}”`);
  }
  return { account, widgetId, botId: bot.id };
}
