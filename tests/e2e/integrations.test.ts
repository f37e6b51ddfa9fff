import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { type Account, apiCall, readyAccount, signInWithToken } from './support/account';
import { launchBrowser, newRussianPage } from './support/browser';
import { atPath, gone, seen } from './support/ui';

let server: LocalServer;
let browser: Browser;
let account: Account;

beforeAll(async () => {
  server = await startFreshServer();
  browser = await launchBrowser();
  account = await readyAccount(server, 'irina');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('integrations in the browser', () => {
  it('connects the website chat, and deletes a CRM bound to a bot after listing the bot', async () => {
    const crm = (await apiCall(server, 'POST', '/api/integrations', { type: 'imot.io' }, account.token)) as {
      id: string;
    };
    const bot = (await apiCall(
      server,
      'POST',
      '/api/bot',
      {
        name: 'Продавец',
        system_prompt: 'Ты продавец',
        actions: [
          {
            name: 'Статус',
            description: 'Меняет статус',
            goal_prompt: 'Когда клиент согласен',
            type: 'change_deal_status',
            settings: { integration_id: crm.id, status_id: '1' },
          },
        ],
      },
      account.token,
    )) as { id: string };

    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/integrations');
    await seen(page.getByRole('tab', { name: 'Источники данных' }));
    await seen(page.getByTestId('integration-card-imot.io').getByText('1 аккаунт'));
    await page.getByRole('tab', { name: 'Каналы' }).click();
    const widget = page.getByTestId('integration-card-onchat');
    await seen(widget.getByText('Не подключено'));
    await widget.getByRole('link', { name: 'Онлайн-чат на сайте' }).click();
    await atPath(page, '/integrations/onchat');

    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/onchat\/[0-9a-f-]{36}$/.test(url.pathname));
    await seen(page.getByRole('tab', { name: 'Настройки' }));
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    const success = page.getByRole('status').filter({ hasText: 'Не забудьте добавить канал в бота' });
    await seen(success.getByText('Интеграция успешно подключена'));
    await seen(page.getByText('Подключено', { exact: true }));

    await page.goto('/integrations/imot.io');
    await seen(page.getByTestId('integration-not-built'));
    await page.getByRole('link', { name: /Аккаунт от/ }).click();
    expect(await page.getByRole('button', { name: 'Подключить', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Удалить интеграцию' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить интеграцию?' });
    await dialog.getByRole('button', { name: 'Удалить интеграцию' }).click();
    await seen(dialog.getByTestId('integration-bound-bots').getByText('Продавец'));
    await dialog.getByRole('button', { name: 'Удалить и отключить от ботов' }).click();
    await gone(dialog);
    await atPath(page, '/integrations/imot.io');
    await seen(page.getByText('Аккаунтов пока нет'));
    await seen(page.getByText('Подключение imot.io появится в одном из следующих обновлений.'));

    const detached = (await apiCall(server, 'GET', `/api/bot/${bot.id}`, undefined, account.token)) as {
      actions: { settings: { integration_id: string | null } }[];
    };
    expect(detached.actions[0]?.settings.integration_id).toBeNull();
    await context.close();
  });
});
