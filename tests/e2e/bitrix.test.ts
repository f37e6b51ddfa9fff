import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBitrix, startFakeBitrix } from '../fakes/bitrix';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { type Account, apiCall, readyAccount, signInWithToken } from './support/account';
import { launchBrowser, newRussianPage } from './support/browser';
import { overflowingElements, shootEveryLanguageAndWidth } from './support/screens';
import { seen } from './support/ui';

const SHOTS = new URL('../.tmp/screens/', import.meta.url).pathname;

let portal: FakeBitrix;
let server: LocalServer;
let browser: Browser;
let account: Account;

beforeAll(async () => {
  portal = await startFakeBitrix();
  server = await startFreshServer({
    BITRIX_OAUTH_ROOT: portal.url,
    BITRIX_CLIENT_ID: portal.clientId,
    BITRIX_CLIENT_SECRET: portal.clientSecret,
  });
  browser = await launchBrowser();
  account = await readyAccount(server, 'boris');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await portal?.close();
});

/** Bitrix24 POSTs the install to the application's address; its page links to the confirmation. */
async function installLink(): Promise<string> {
  const form = portal.installForm();
  const response = await fetch(
    `${server.url}/api/webhooks/bitrix/install?${new URLSearchParams(form.query)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.body).toString(),
    },
  );
  const html = await response.text();
  const href = /href="([^"]+)"[^>]*data-testid="bitrix-open"/.exec(html)?.[1]?.replace(/&#38;/g, '&');
  if (!href) throw new Error('no link on the install page');
  return href;
}

describe('Bitrix24 in the browser', () => {
  it('confirms an install from Bitrix24, connects the portal and shows it', async () => {
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/integrations/bitrix');
    // A portal is added from Bitrix24's side: the page says so and offers no button of its own.
    await seen(page.getByText('Установите приложение onchat в Битрикс24', { exact: false }));
    expect(await page.getByRole('button', { name: 'Добавить аккаунт' }).count()).toBe(0);
    const link = new URL(await installLink());
    await page.goto(`${link.pathname}${link.search}`);
    const confirm = page.getByTestId('bitrix-confirm');
    await seen(confirm.getByText(`Подключить Битрикс24 ${portal.domain}?`));
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}bitrix-confirm-${width}-ru.png`, fullPage: true });
      expect(await overflowingElements(page), `confirm ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await confirm.getByRole('button', { name: 'Подключить' }).click();
    await page.waitForURL((url) => /^\/integrations\/bitrix\/[0-9a-f-]{36}$/.test(url.pathname), {
      timeout: 20_000,
    });
    const integrationId = new URL(page.url()).pathname.split('/').at(-1) as string;
    // The portal as the OAuth server's grant names it (its REST root), not the install POST's DOMAIN.
    await seen(page.getByTestId('bitrix-settings').getByText(new URL(portal.url).host));
    await seen(page.getByText('Подключено', { exact: true }));
    expect(await page.evaluate(() => window.localStorage.getItem('bitrix-install-data'))).toBeNull();
    expect([...portal.bots.values()].map((bot) => bot.EVENT_MESSAGE_ADD)).toEqual([
      `${server.url}/api/webhooks/bitrix/${integrationId}`,
    ]);

    // The same link again: its refresh token is spent, and the failure says what to do.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId('bitrix-confirm').getByRole('button', { name: 'Подключить' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Не удалось подключить Битрикс24' });
    await seen(failed.getByText('Откройте приложение onchat в Bitrix24 ещё раз', { exact: false }));
    await page.setViewportSize({ width: 390, height: 800 });
    // The navigation folds into its drawer when the page narrows: the shot waits for it to settle.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}bitrix-confirm-failed-390-ru.png`, fullPage: true });
    // The failed attempt left no integration behind; discarding clears the install data.
    const list = (await apiCall(server, 'GET', '/api/integrations', undefined, account.token)) as {
      type: string;
    }[];
    expect(list.filter((one) => one.type === 'bitrix')).toHaveLength(1);
    await failed.getByRole('button', { name: 'Отменить подключение' }).click();
    expect(await page.evaluate(() => window.localStorage.getItem('bitrix-install-data'))).toBeNull();
    await context.close();

    const problems = await shootEveryLanguageAndWidth(
      { browser, server, token: account.token },
      `/integrations/bitrix/${integrationId}`,
      'bitrix-settings',
      (page) => seen(page.getByTestId('bitrix-settings')),
    );
    expect(problems).toEqual([]);
  });
});
