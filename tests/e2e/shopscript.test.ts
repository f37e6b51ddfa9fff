import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type FakeShopScript, startFakeShopScript } from '../fakes/shopscript';
import { apiCall, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

/**
 * Shop-Script through the real `npm start` server (issue #24 §4): the owner saves the shop's
 * address, presses «Подключить Shop-Script», allows access on the shop's own page (the fake's) and
 * lands back on the integration, connected; the "find products" action is set up in the bot editor.
 */

let shop: FakeShopScript;

const stage = stageWithLlm('shopscript', async () => {
  shop = await startFakeShopScript();
  return { env: { SHOPSCRIPT_API_ROOT: shop.url }, close: () => shop.close() };
});

const who = () => ({ browser: stage.browser, server: stage.server, token: stage.account.token });
const call = (method: string, path: string, body?: unknown) =>
  apiCall(stage.server, method, path, body, stage.account.token);

/** Every language and width of a screen; the account is left in Russian. */
async function shoot(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  try {
    return await shootEveryLanguageAndWidth(who(), path, name, ready);
  } finally {
    await call('POST', '/api/profile', { lang: 'ru' });
  }
}

describe('Shop-Script in the browser', () => {
  it('connects a shop on its consent page and offers it to the find-products action', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/shopscript');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/shopscript\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').at(-1) as string;
    const settings = page.getByTestId('shopscript-settings');

    // Connecting before an address is saved says what to do.
    await page.getByRole('button', { name: 'Подключить Shop-Script' }).click();
    await seen(page.getByText('Сначала сохраните адрес магазина'));
    await settings.getByTestId('shopscript-address').fill('не адрес');
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(settings.getByText('Укажите адрес сайта, например shop.example.ru'));
    await settings.getByTestId('shopscript-address').fill('https://shop.example.ru/webasyst/');
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Адрес сохранён', { exact: false }));

    const failed = await shoot(
      `/integrations/shopscript/${id}?shopscript_error=failed`,
      'shopscript-settings',
      (p) => seen(p.getByTestId('shopscript-consent-error')),
    );
    expect(failed).toEqual([]);

    await page.getByRole('button', { name: 'Подключить Shop-Script' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${shop.url}/api.php/auth`));
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === `/integrations/shopscript/${id}`);
    await seen(
      settings.getByTestId('shopscript-connected').getByText('Подключён магазин shop.example.ru: 4 товара'),
    );
    expect(shop.tokenCalls).toEqual([{ status: 200 }]);
    await context.close();

    const connected = await shoot(`/integrations/shopscript/${id}`, 'shopscript-connected', (p) =>
      seen(p.getByTestId('shopscript-connected')),
    );
    expect(connected).toEqual([]);

    const { id: botId } = (await call('POST', '/api/bot', {
      name: 'Консультант магазина',
      model: 'gpt-4o-mini',
      system_prompt: 'Ты консультант магазина посуды. Отвечай только по каталогу.',
      goal_prompt: 'Помочь выбрать товар',
      process_scheme: 'instant',
      conditions: { channels: ['check'] },
      actions_enable: true,
      actions: [
        {
          name: 'Найти товары',
          description: 'Ищет товары в каталоге магазина',
          goal_prompt: 'Когда клиент спрашивает о товаре, цене или наличии',
          type: 'find_products',
          settings: { integration_id: id, max_products: 3 },
        },
      ],
    })) as { id: string };
    const action = await shoot(`/bots/${botId}`, 'shopscript-find-products-action', async (p) => {
      await p.getByRole('tab').nth(3).click();
      await seen(p.getByTestId('find-products-max'));
    });
    expect(action).toEqual([]);
  });
});
