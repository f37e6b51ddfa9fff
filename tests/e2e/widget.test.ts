import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, instantBotOn, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { stageWithLlm } from './support/stage';
import { gone, seen } from './support/ui';

const ANSWER = 'Здравствуйте! Доставка по городу бесплатная от 3000 ₽.';
const INJECTED = '<img src=x onerror="window.__pwned = true">';

let site: Server;
let sitePort: number;

/**
 * A customer's site on another port of this machine. The widget's allowed domain rule looks at host
 * names only (ports do not matter), so the same page is an allowed site as http://127.0.0.1:<port>
 * and a foreign one as http://localhost:<port>; the product itself is on 127.0.0.1 at another port,
 * so every widget call from either is cross-origin.
 */
function startSite(): Promise<void> {
  site = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    const id = url.searchParams.get('id') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>Магазин</title>
<style>* { color: red !important; font-family: serif !important; } div { display: none; }</style></head>
<body><h1>Магазин цветов</h1>
<script src="${stage.server.url}/widget.js" data-integration="${id}" async></script>
</body></html>`);
  });
  return new Promise((resolve) => {
    site.listen(0, '127.0.0.1', () => {
      sitePort = (site.address() as AddressInfo).port;
      resolve();
    });
  });
}

const stage = stageWithLlm('vera');

beforeAll(async () => {
  await startSite();
});

afterAll(async () => {
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(null)));
});

const launcher = (page: Page) => page.getByTestId('chat-launcher');
const panel = (page: Page) => page.getByTestId('chat-panel');

async function chatCount(): Promise<number> {
  const list = (await apiCall(stage.server, 'GET', '/api/chats', undefined, stage.account.token)) as {
    items: unknown[];
  };
  return list.items.length;
}

describe('the website chat widget', () => {
  it('is set up on the integration page, answers a visitor live, keeps the dialogue and refuses foreign sites', async () => {
    const widget = (await apiCall(
      stage.server,
      'POST',
      '/api/integrations',
      { type: 'onchat' },
      stage.account.token,
    )) as {
      id: string;
    };
    await instantBotOn(stage.server, stage.account, widget.id, {
      name: 'Консультант',
      systemPrompt: 'Ты консультант цветочного магазина.',
    });

    // The owner connects the widget, sets it up with a live preview and copies the code.
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, `/integrations/onchat/${widget.id}`);
    const settings = page.getByTestId('onchat-settings');
    await seen(settings);
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    await seen(page.getByText('Интеграция успешно подключена'));
    const preview = page.getByTestId('widget-preview');
    await seen(preview.getByText('Здравствуйте! Чем можем помочь?'));
    await seen(settings.getByTestId('onchat-any-site'));

    const title = settings.getByRole('textbox', { name: 'Заголовок', exact: true });
    await title.fill('');
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(settings.getByText('Укажите заголовок чата'));
    await title.fill('Цветы у дома');
    await seen(preview.getByText('Цветы у дома'));

    await settings.getByRole('textbox', { name: 'Цвет' }).fill('#2F9E44');
    await settings.getByRole('textbox', { name: 'Подзаголовок' }).fill('Ответим за минуту');
    const domains = settings.getByPlaceholder('shop.example.com');
    await domains.fill('shop_1.example');
    await domains.press('Enter');
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(settings.getByText('Укажите домен сайта без http:// и пути, например shop.example.com'));
    await domains.press('Backspace');
    await domains.fill('https://127.0.0.1/catalog');
    await domains.press('Enter');
    await gone(settings.getByTestId('onchat-any-site'));
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Настройки сохранены'));
    await page.screenshot({ path: 'tests/.tmp/widget-settings.png', fullPage: true });
    const embed = page.getByTestId('widget-embed');
    await seen(embed.getByText(`data-integration="${widget.id}"`, { exact: false }));
    expect(await embed.getByTestId('widget-embed-code').textContent()).toBe(
      `<script src="${stage.server.url}/widget.js" data-integration="${widget.id}" async></script>`,
    );
    const saved = (await apiCall(
      stage.server,
      'GET',
      `/api/integrations/${widget.id}`,
      undefined,
      stage.account.token,
    )) as {
      connection_data: Record<string, unknown>;
    };
    expect(saved.connection_data).toMatchObject({
      color: '#2f9e44',
      title: 'Цветы у дома',
      subtitle: 'Ответим за минуту',
      allowed_domains: ['127.0.0.1'],
    });
    await context.close();

    // A visitor on the allowed site: the launcher opens the panel with the owner's settings.
    const visitor = await stage.browser.newContext({
      locale: 'ru-RU',
      viewport: { width: 1280, height: 900 },
    });
    visitor.setDefaultTimeout(15_000);
    const shop = await visitor.newPage();
    const shopUrl = `http://127.0.0.1:${sitePort}/?id=${widget.id}`;
    await shop.goto(shopUrl);
    await launcher(shop).click();
    await seen(panel(shop).getByText('Цветы у дома'));
    await seen(panel(shop).getByText('Ответим за минуту'));
    await seen(panel(shop).getByText('Онлайн'));
    await seen(panel(shop).getByText('Здравствуйте! Чем можем помочь?'));
    // The page's CSS does not reach into the widget.
    const heading = panel(shop).getByText('Цветы у дома');
    expect(await heading.evaluate((node) => getComputedStyle(node).color)).not.toBe('rgb(255, 0, 0)');
    expect(await launcher(shop).evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
      'rgb(47, 158, 68)',
    );

    stage.llm.queue({ kind: 'text', text: ANSWER, delayMs: 2500 });
    const input = panel(shop).getByRole('textbox', { name: 'Напишите сообщение…' });
    await input.fill('Есть доставка?');
    await input.press('Enter');
    await seen(panel(shop).getByText('Есть доставка?'));
    await seen(panel(shop).getByText('Печатает…'));
    await seen(panel(shop).getByText(ANSWER), 20_000);
    await gone(panel(shop).getByText('Печатает…'));
    await shop.screenshot({ path: 'tests/.tmp/widget-site.png' });

    // Markup a visitor types stays text, and so does the bot's echo of it.
    await input.fill(INJECTED);
    await input.press('Enter');
    const bubbles = panel(shop).getByText(INJECTED, { exact: true });
    await seen(bubbles);
    await shop.waitForFunction(
      (text) => {
        const root = document.querySelector('[data-chat-widget]')?.shadowRoot;
        return [...(root?.querySelectorAll('[data-author="bot"]') ?? [])].some(
          (node) => node.textContent === text,
        );
      },
      INJECTED,
      { timeout: 20_000 },
    );
    expect(await shop.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    const images = await shop.evaluate(
      () => document.querySelector('[data-chat-widget]')?.shadowRoot?.querySelectorAll('img').length ?? -1,
    );
    expect(images).toBe(0);

    // A reload keeps the visitor and the dialogue.
    await shop.reload();
    await seen(panel(shop).getByText(ANSWER));
    await seen(panel(shop).getByText('Есть доставка?'));
    expect(await chatCount()).toBe(1);
    const storageKey = `chat-widget:${widget.id}`;
    const stored = (key: string) =>
      shop.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? 'null'), key) as Promise<{
        visitor: { id: string; token: string } | null;
        messages: unknown[];
      }>;
    const kept = await stored(storageKey);
    expect(kept.visitor).toEqual({ id: expect.any(String), token: expect.stringMatching(/^[\w-]{43}$/) });

    // A visitor saved as a bare id (before tokens) cannot prove it is that visitor: it starts afresh.
    await shop.evaluate(
      ({ key, id }) =>
        localStorage.setItem(
          key,
          JSON.stringify({ visitor: id, open: true, messages: [{ id: 'x', author: 'bot', text: 'Чужое' }] }),
        ),
      { key: storageKey, id: kept.visitor?.id },
    );
    await shop.reload();
    await seen(panel(shop).getByText('Здравствуйте! Чем можем помочь?'));
    expect(await panel(shop).getByText(ANSWER).count()).toBe(0);
    expect(await panel(shop).getByText('Чужое').count()).toBe(0);
    const renewed = await stored(storageKey);
    expect(renewed.visitor?.id).not.toBe(kept.visitor?.id);
    expect(renewed.messages).toEqual([]);
    await visitor.close();

    // The same page on a host that is not allowed: the widget says so, and nothing reaches the bot.
    const stranger = await stage.browser.newContext({ locale: 'ru-RU' });
    stranger.setDefaultTimeout(15_000);
    const foreign = await stranger.newPage();
    await foreign.goto(`http://localhost:${sitePort}/?id=${widget.id}`);
    await launcher(foreign).click();
    await seen(panel(foreign).getByText('Чат не работает на этом сайте', { exact: false }));
    expect(await panel(foreign).getByRole('textbox').count()).toBe(0);
    const forced = await foreign.evaluate(
      async ({ api, id }) => {
        try {
          const response = await fetch(`${api}/api/widget/${id}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ visitor_id: 'x'.repeat(24), message_id: 'y'.repeat(16), text: 'Привет' }),
          });
          return response.status;
        } catch {
          return 'blocked';
        }
      },
      { api: stage.server.url, id: widget.id },
    );
    expect(forced).toBe('blocked');
    expect(await chatCount()).toBe(1);
    expect(stage.llm.requests).toHaveLength(2);
    await stranger.close();
  });
});
