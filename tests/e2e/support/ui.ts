import type { Locator, Page } from 'playwright-core';

/** Waits until the element is on screen (playwright-core has no `expect`; this is the assertion). */
export async function seen(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function gone(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

export async function atPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

export const stored = (page: Page, key: string) =>
  page.evaluate((name) => window.localStorage.getItem(name), key);
