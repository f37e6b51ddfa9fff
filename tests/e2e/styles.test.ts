import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { type Account, apiCall, readyAccount } from './support/account';
import { launchBrowser } from './support/browser';
import { seen } from './support/ui';
import { connectedWidget, widgetVisitor } from './support/widget-visitor';

const SHOP = 'https://shop.example.com';
const root = new URL('../..', import.meta.url).pathname;

/** Every `m_xxxxxxxx` class Mantine ships a rule for: a rendered one must find its rule in the page. */
const mantineClasses = new Set(
  ['@mantine/core/styles.css', '@mantine/notifications/styles.css', '@mantine/dates/styles.css']
    .flatMap((file) => [
      ...readFileSync(`${root}node_modules/${file}`, 'utf8').matchAll(/\.(m_[0-9a-f]{8})\b/g),
    ])
    .map((match) => match[1] as string),
);

let server: LocalServer;
let browser: Browser;
let account: Account;
let widgetId: string;
let botId: string;

beforeAll(async () => {
  server = await startFreshServer();
  browser = await launchBrowser();
  account = await readyAccount(server, 'stylist');
  widgetId = await connectedWidget(server, account.token, ['shop.example.com']);
  const bot = (await apiCall(
    server,
    'POST',
    '/api/bot',
    { name: 'Консультант', system_prompt: 'Ты консультант.' },
    account.token,
  )) as { id: string };
  botId = bot.id;
  // Two website visitors write: the chats list has items with checkboxes.
  for (const text of ['Есть ли худи размера M?', 'Когда доставка?']) {
    const shopper = await widgetVisitor(server, widgetId, SHOP);
    expect(await shopper.write(text)).toBe(202);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh browser (empty cache) signed in through the stored token, opening `path` directly. */
async function openDirectly(path: string, width = 1440): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'ru-RU',
    viewport: { width, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  await context.addInitScript((token) => window.localStorage.setItem('token', token), account.token);
  const page = await context.newPage();
  await page.goto(path);
  await seen(page.locator('.mantine-AppShell-main'));
  // The screen's own data has arrived: no full-screen or in-page loader is left.
  await page.waitForFunction(() => !document.querySelector('[role="status"] .mantine-Loader-root'));
  await page.waitForLoadState('networkidle');
  return { page, close: () => context.close() };
}

/** Mantine classes on screen whose rules Mantine ships but no loaded stylesheet carries. */
function unstyledClasses(page: Page): Promise<string[]> {
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

const box = async (page: Page, selector: string, index = 0) => {
  const found = await page.locator(selector).nth(index).boundingBox();
  if (!found) throw new Error(`${selector} #${index} has no box`);
  return found;
};

describe('every signed-in screen opened directly by URL carries the styles of its components', () => {
  // Every signed-in route of SPEC §2; `:bot` and `:widget` stand for the ids made above.
  const routes = [
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
    '/profile',
    '/partner',
  ];

  it.each(routes)('%s has a rule for every Mantine class on screen', async (route) => {
    const { page, close } = await openDirectly(route.replace(':bot', botId).replace(':widget', widgetId));
    const classes = await unstyledClasses(page);
    await close();
    expect(classes).toEqual([]);
  });

  it.each(['/history', '/balance'])('%s styles its date picker and the open calendar', async (route) => {
    const { page, close } = await openDirectly(route);
    await page.getByLabel('С', { exact: true }).click();
    await seen(page.locator('.mantine-DatePickerInput-day').first());
    const classes = await unstyledClasses(page);
    // The calendar is a grid of small day buttons in a dropdown, not a column of full-width buttons.
    const day = await box(page, '.mantine-DatePickerInput-day', 10);
    const dropdown = await box(page, '.mantine-Popover-dropdown:has(.mantine-DatePickerInput-day)');
    await close();
    expect(classes).toEqual([]);
    expect(day.width).toBeLessThan(50);
    expect(dropdown.width).toBeLessThan(400);
  });

  it('lays the chats list and the dialogue side by side at 1440 px', async () => {
    const { page, close } = await openDirectly('/chats');
    await seen(page.getByTestId('chat-item'));
    const list = await box(page, '.mantine-Grid-col', 0);
    const dialogue = await box(page, '.mantine-Grid-col', 1);
    await close();
    expect(Math.abs(dialogue.y - list.y)).toBeLessThan(2);
    expect(dialogue.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
    expect(list.width).toBeGreaterThan(400);
    expect(dialogue.width).toBeGreaterThan(list.width);
  });

  it('draws the chats checkboxes as small boxes with their icons inside', async () => {
    const { page, close } = await openDirectly('/chats');
    await seen(page.getByTestId('chat-item'));
    const checkboxes = await page.locator('.mantine-Checkbox-inner').count();
    expect(checkboxes).toBeGreaterThanOrEqual(3);
    for (let index = 0; index < checkboxes; index++) {
      const inner = await box(page, '.mantine-Checkbox-inner', index);
      const icon = await box(page, '.mantine-Checkbox-icon', index);
      expect(inner.width).toBeLessThan(32);
      expect(inner.height).toBeLessThan(32);
      expect(icon.x).toBeGreaterThanOrEqual(inner.x - 0.5);
      expect(icon.y).toBeGreaterThanOrEqual(inner.y - 0.5);
      expect(icon.x + icon.width).toBeLessThanOrEqual(inner.x + inner.width + 0.5);
      expect(icon.y + icon.height).toBeLessThanOrEqual(inner.y + inner.height + 0.5);
    }
    await close();
  });

  it('stacks the chats list above the dialogue at 390 px', async () => {
    const { page, close } = await openDirectly('/chats', 390);
    await seen(page.getByTestId('chat-item'));
    const list = await box(page, '.mantine-Grid-col', 0);
    const dialogue = await box(page, '.mantine-Grid-col', 1);
    expect(dialogue.y).toBeGreaterThanOrEqual(list.y + list.height - 1);
    await close();
  });
});
