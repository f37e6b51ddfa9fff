import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startFreshServer } from '../support/local-server';
import type { Account } from './support/account';
import { launchBrowser } from './support/browser';
import {
  accountWithContent,
  box,
  openDirectly as openSignedIn,
  SIGNED_IN_ROUTES,
  unstyledClasses,
} from './support/screens';
import { seen } from './support/ui';

let server: LocalServer;
let browser: Browser;
let account: Account;
let widgetId: string;
let botId: string;

beforeAll(async () => {
  server = await startFreshServer();
  browser = await launchBrowser();
  // Two website visitors write: the chats list has items with checkboxes.
  ({ account, widgetId, botId } = await accountWithContent(server, 'stylist', 'Консультант', [
    'Есть ли худи размера M?',
    'Когда доставка?',
  ]));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh browser signed in as the account, opening `path` directly at `width`. */
const openDirectly = (path: string, width = 1440) =>
  openSignedIn({ browser, server, token: account.token }, path, { width });

describe('every signed-in screen opened directly by URL carries the styles of its components', () => {
  it.each(SIGNED_IN_ROUTES)('%s has a rule for every Mantine class on screen', async (route) => {
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
