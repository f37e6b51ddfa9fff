import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeRetail, startFakeRetail } from '../fakes/retailcrm';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { type Account, apiCall, readyAccount, signInWithToken } from './support/account';
import { launchBrowser, newRussianPage } from './support/browser';
import { marketplaceLink } from './support/retailcrm';
import { overflowingElements, shootEveryLanguageAndWidth } from './support/screens';
import { seen } from './support/ui';

const SHOTS = new URL('../.tmp/screens/', import.meta.url).pathname;

let crm: FakeRetail;
let server: LocalServer;
let browser: Browser;
let account: Account;

beforeAll(async () => {
  crm = await startFakeRetail();
  server = await startFreshServer({
    RETAILCRM_API_ROOT: crm.url,
    RETAILCRM_MODULE_CODE: 'onchat',
    RETAILCRM_SECRET: crm.secret,
  });
  browser = await launchBrowser();
  account = await readyAccount(server, 'rita');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await crm?.close();
});

const registered = (token?: string) => marketplaceLink(server, crm, token);

describe('RetailCRM in the browser', () => {
  it('confirms a connection from the marketplace, connects the account and holds its chat stream', async () => {
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/integrations/retailcrm');
    await seen(page.getByText('Установите приложение onchat в RetailCRM', { exact: false }));
    const link = await registered();
    await page.goto(`${link.pathname}${link.search}`);
    // The key left the address as soon as it was stored.
    expect(new URL(page.url()).search).toBe('');
    const confirm = page.getByTestId('retailcrm-confirm');
    await seen(confirm.getByText('Подключить RetailCRM shop.retailcrm.ru?'));
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}retailcrm-confirm-${width}-ru.png`, fullPage: true });
      expect(await overflowingElements(page), `confirm ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await confirm.getByRole('button', { name: 'Подключить' }).click();
    await page.waitForURL((url) => /^\/integrations\/retailcrm\/[0-9a-f-]{36}$/.test(url.pathname), {
      timeout: 20_000,
    });
    const integrationId = new URL(page.url()).pathname.split('/').at(-1) as string;
    await seen(page.getByTestId('retailcrm-settings').getByText('shop.retailcrm.ru'));
    await seen(page.getByText('Подключено', { exact: true }));
    expect(await page.evaluate(() => window.localStorage.getItem('integration-to-confirm'))).toBeNull();
    expect(crm.modules.get('onchat')).toMatchObject({ clientId: integrationId, active: true });
    // The server process opened the chat gateway's stream for the new account.
    await vi.waitFor(() => expect(crm.streams).toBe(1), { timeout: 15_000 });

    // A link whose sealed ticket was altered fails, says what to do, leaves nothing.
    const forged = await registered();
    forged.searchParams.set('install', `${forged.searchParams.get('install')?.slice(0, -4)}AAAA`);
    await page.goto(`${forged.pathname}${forged.search}`);
    await page.getByTestId('retailcrm-confirm').getByRole('button', { name: 'Подключить' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Не удалось подключить RetailCRM' });
    await seen(failed.getByText('Откройте модуль onchat в маркетплейсе RetailCRM', { exact: false }));
    await page.setViewportSize({ width: 390, height: 800 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}retailcrm-confirm-failed-390-ru.png`, fullPage: true });
    const list = (await apiCall(server, 'GET', '/api/integrations', undefined, account.token)) as {
      type: string;
    }[];
    expect(list.filter((one) => one.type === 'retailcrm')).toHaveLength(1);
    await failed.getByRole('button', { name: 'Отменить подключение' }).click();
    expect(await page.evaluate(() => window.localStorage.getItem('integration-to-confirm'))).toBeNull();
    await context.close();

    const problems = await shootEveryLanguageAndWidth(
      { browser, server, token: account.token },
      `/integrations/retailcrm/${integrationId}`,
      'retailcrm-settings',
      (page) => seen(page.getByTestId('retailcrm-settings')),
    );
    expect(problems).toEqual([]);
  });

  it('shows the waiting confirmations and an incomplete link, opened directly, in both languages', async () => {
    const who = { browser, server, token: account.token };
    const link = await registered();
    const screens = [
      ['retailcrm-confirm', `${link.pathname}${link.search}`, 'retailcrm-confirm'],
      [
        'salon-pending',
        '/integrations/yclients?salon_id=77&user_data=abc&user_data_sign=sig',
        'yclients-confirm',
      ],
    ] as const;
    const problems: string[] = [];
    for (const [name, path, testId] of screens) {
      problems.push(
        ...(await shootEveryLanguageAndWidth(who, path, name, (page) => seen(page.getByTestId(testId)))),
      );
    }
    problems.push(
      ...(await shootEveryLanguageAndWidth(
        who,
        '/integrations/retailcrm?account=shop.retailcrm.ru',
        'retailcrm-incomplete-link',
        (page) => seen(page.getByRole('alert').filter({ hasText: 'install' })),
      )),
    );
    expect(problems).toEqual([]);
  });
});
