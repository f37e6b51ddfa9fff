import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, instantBotOn, readyAccount, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { clippedElements, openDirectly, overflowingElements } from './support/screens';
import { stageWithLlm } from './support/stage';
import { gone, seen } from './support/ui';
import { connectedWidget, widgetVisitor } from './support/widget-visitor';

const SHOP = 'https://shop.example.com';

const stage = stageWithLlm('marina');

/** A visitor of the shop's site writing through the widget's public API, as web/widget does. */
async function visitor(widgetId: string) {
  const shopper = await widgetVisitor(stage.server, widgetId, SHOP);
  return {
    write: async (text: string) => expect(await shopper.write(text)).toBe(202),
    reads: shopper.reads,
  };
}

describe('chats in the browser', () => {
  it('shows a new website chat live, pauses it, answers as the manager and summarises it', async () => {
    const widgetId = await connectedWidget(stage.server, stage.account.token, ['shop.example.com']);
    await instantBotOn(stage.server, stage.account, widgetId, {
      name: 'Консультант',
      systemPrompt: 'Ты консультант интернет-магазина.',
    });

    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    // What the screen hears on the account's room (the list is polled only while that socket is closed).
    const pushed: string[] = [];
    page.on('websocket', (socket) => {
      if (socket.url().includes('/parties/main/account%3A')) {
        socket.on('framereceived', (frame) => pushed.push(String(frame.payload)));
      }
    });
    await signInWithToken(page, stage.account, '/chats');
    await seen(page.getByText('Диалогов пока нет'));

    // The visitor writes; the owner's open screen shows the chat without being reloaded.
    stage.llm.queue({ kind: 'text', text: 'Здравствуйте! Размер M есть в наличии.' });
    const customer = await visitor(widgetId);
    await customer.write('Есть ли худи размера M?');
    const item = page.getByTestId('chat-item');
    await seen(item.getByText('Здравствуйте! Размер M есть в наличии.'));
    await item.click();
    const dialogue = page.getByTestId('chat-messages');
    await seen(dialogue.getByText('Есть ли худи размера M?'));
    await seen(dialogue.getByTestId('chat-message-bot').getByText('Размер M есть в наличии'));
    expect(pushed.map((frame) => JSON.parse(frame))).toContainEqual(
      expect.objectContaining({ type: 'message' }),
    );

    // A pause for an hour: the bot keeps quiet, the customer's next message still shows up live.
    await page.getByRole('button', { name: 'Пауза' }).click();
    await page.getByRole('menuitem', { name: '1 час' }).click();
    await seen(page.getByTestId('chat-state').getByText('На паузе'));
    await customer.write('А доставка завтра будет?');
    await seen(dialogue.getByText('А доставка завтра будет?'));

    // The manager answers from the chat screen; the visitor's widget receives it.
    await page.getByLabel('Ответ клиенту').fill('Да, привезём завтра до 18:00.');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await seen(dialogue.getByTestId('chat-message-operator').getByText('Да, привезём завтра до 18:00.'));
    expect(await customer.reads()).toEqual([
      expect.objectContaining({ author: 'customer', text: 'Есть ли худи размера M?' }),
      expect.objectContaining({ author: 'bot', text: 'Здравствуйте! Размер M есть в наличии.' }),
      expect.objectContaining({ author: 'customer', text: 'А доставка завтра будет?' }),
      expect.objectContaining({ author: 'operator', text: 'Да, привезём завтра до 18:00.' }),
    ]);

    stage.llm.queue({ kind: 'text', text: 'Клиент выбрал худи M, доставка завтра до 18:00.' });
    await page.getByRole('button', { name: 'Составить сводку' }).click();
    await seen(page.getByTestId('chat-summary').getByText('Клиент выбрал худи M, доставка завтра до 18:00.'));
    // Only the one answer was a bot's: the pause held while the customer wrote again.
    expect(stage.llm.bodies).toHaveLength(2);
    await context.close();
  });

  it('opens a long dialogue at its newest messages and shows earlier ones on demand', async () => {
    const widgetId = await connectedWidget(stage.server, stage.account.token, ['shop.example.com']);
    const shopper = await widgetVisitor(stage.server, widgetId, SHOP);
    expect(await shopper.write('Самое первое сообщение')).toBe(202);
    const chats = (await apiCall(stage.server, 'GET', '/api/chats', undefined, stage.account.token)) as {
      items: { id: string; external_id: string }[];
    };
    const chat = chats.items.find((item) => item.external_id === shopper.visitor.id);
    if (!chat) throw new Error('the visitor has no chat');
    for (let n = 1; n <= 60; n++) {
      await apiCall(
        stage.server,
        'POST',
        `/api/chats/${chat.id}/messages`,
        { text: `Ответ №${n}` },
        stage.account.token,
      );
    }

    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/chats');
    await page.getByTestId('chat-item').filter({ hasText: 'Ответ №60' }).click();
    const dialogue = page.getByTestId('chat-messages');
    await seen(dialogue.getByText('Ответ №60', { exact: true }));
    await seen(dialogue.getByText('Ответ №11', { exact: true }));
    expect(await dialogue.getByText('Ответ №10', { exact: true }).count()).toBe(0);
    expect(await dialogue.getByText('Самое первое сообщение').count()).toBe(0);

    await dialogue.getByRole('button', { name: 'Показать ранее' }).click();
    await seen(dialogue.getByText('Самое первое сообщение'));
    await seen(dialogue.getByText('Ответ №10', { exact: true }));
    await gone(dialogue.getByRole('button', { name: 'Показать ранее' }));
    expect(await dialogue.getByTestId('chat-message-operator').count()).toBe(60);
    await context.close();
  });

  it('names website visitors and shows their unread messages until the chat is opened', async () => {
    const widgetId = await connectedWidget(stage.server, stage.account.token, ['shop.example.com']);
    const asking = await widgetVisitor(stage.server, widgetId, SHOP);
    expect(await asking.write('Есть ли доставка в Казань?')).toBe(202);
    expect(await asking.write('И сколько она стоит?')).toBe(202);
    const browsing = await widgetVisitor(stage.server, widgetId, SHOP);
    expect(await browsing.write('Просто смотрю')).toBe(202);

    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/chats');
    const items = page.getByTestId('chat-item');
    const first = items.filter({ hasText: 'И сколько она стоит?' });
    const second = items.filter({ hasText: 'Просто смотрю' });
    // A visitor the site cannot name is a website visitor, marked by the channel's icon.
    await seen(first.getByTestId('chat-title').getByText('Посетитель сайта', { exact: true }));
    await seen(first.getByRole('img', { name: 'Сайт' }));
    await seen(first.getByLabel('Выбрать чат Посетитель сайта'));
    await seen(first.getByRole('button').getByText('Клиент: И сколько она стоит?'));
    // Two unread messages: a small badge with the count, and a bold title.
    const badge = first.getByTestId('chat-unread');
    expect(await (await seen(badge)).textContent()).toBe('2');
    expect(await badge.getAttribute('aria-label')).toBe('2 непрочитанных сообщения');
    expect(
      await first.getByTestId('chat-title').evaluate((element) => getComputedStyle(element).fontWeight),
    ).toBe('700');
    expect(await second.getByTestId('chat-unread').textContent()).toBe('1');

    // Opening the chat reads it: its badge goes, the header names the visitor and the channel.
    await first.click();
    await seen(page.getByTestId('chat-messages').getByText('И сколько она стоит?'));
    await seen(page.getByTestId('chat-dialogue-title').getByText('Посетитель сайта'));
    await seen(page.getByTestId('chat-dialogue-about').getByText('Сайт'));
    await gone(badge);
    expect(await second.getByTestId('chat-unread').textContent()).toBe('1');

    // The stage.server keeps it read: after a reload only the unopened chat has a badge.
    await page.reload();
    await seen(second.getByTestId('chat-unread'));
    expect(await first.getByTestId('chat-unread').count()).toBe(0);
    expect(
      await first.getByTestId('chat-title').evaluate((element) => getComputedStyle(element).fontWeight),
    ).toBe('500');

    // The visitor writes again: the closed chat shows one unread message, live.
    expect(await asking.write('А самовывоз есть?')).toBe(202);
    const again = items.filter({ hasText: 'А самовывоз есть?' });
    expect(await (await seen(again.getByTestId('chat-unread'))).textContent()).toBe('1');
    await context.close();
  });
});

/**
 * A fresh account with `count` website chats, visitor n having written "Вопрос №n" (n from 1). A
 * widget takes 20 new visitors an hour from one address, so every 20 come through another widget.
 */
async function accountWithChats(name: string, count: number) {
  const account = await readyAccount(stage.server, name);
  let widgetId = '';
  let written = 0;
  const newChat = async () => {
    if (written % 20 === 0)
      widgetId = await connectedWidget(stage.server, account.token, ['shop.example.com']);
    const shopper = await widgetVisitor(stage.server, widgetId, SHOP);
    written += 1;
    expect(await shopper.write(`Вопрос №${written}`)).toBe(202);
  };
  for (let n = 0; n < count; n++) await newChat();
  return { account, newChat };
}

const LIST_WORDS = {
  ru: {
    next: 'Вперёд',
    deleteChat: 'Удалить чат',
    confirm: 'Удалить',
    empty: 'Диалогов пока нет',
    pages: 'Страница',
  },
  en: {
    next: 'Next',
    deleteChat: 'Delete the chat',
    confirm: 'Delete',
    empty: 'No conversations yet',
    pages: 'Page',
  },
} as const;

const chatItems = (page: Page) => page.getByTestId('chat-item');

async function showsChats(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelectorAll('[data-testid="chat-item"]').length === wanted,
    count,
    { timeout: 15_000 },
  );
}

const SHOTS = new URL('../.tmp/screens/', import.meta.url).pathname;

describe('the chat list as chats go', () => {
  it('goes back to the last page when the last chat of the last page is deleted', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { account, newChat } = await accountWithChats('pager', 20);
    const problems: string[] = [];
    for (const lang of ['ru', 'en'] as const) {
      await apiCall(stage.server, 'POST', '/api/profile', { lang }, account.token);
      for (const width of [1440, 390]) {
        // 21 chats: the oldest alone on page 2.
        await newChat();
        const words = LIST_WORDS[lang];
        const signedIn = { browser: stage.browser, server: stage.server, token: account.token };
        const { page, close } = await openDirectly(signedIn, '/chats', { width });
        try {
          await showsChats(page, 20);
          await page.getByRole('button', { name: words.next, exact: true }).click();
          await seen(page.getByText(`${words.pages} 2 `));
          await showsChats(page, 1);
          const last = (await chatItems(page).textContent())?.match(/Вопрос №\d+/)?.[0] ?? 'none';
          await chatItems(page).getByRole('button').click();
          await page.getByRole('button', { name: words.deleteChat, exact: true }).click();
          await page.getByRole('dialog').getByRole('button', { name: words.confirm, exact: true }).click();

          // Page 1 with its 20 chats, not "no chats" on an empty page 2 without a way back.
          await showsChats(page, 20);
          expect(await page.getByText(words.empty).count()).toBe(0);
          expect(await page.getByText(`${words.pages} 2 `).count()).toBe(0);
          expect(
            await chatItems(page)
              .filter({ hasText: new RegExp(`${last}(?!\\d)`) })
              .count(),
          ).toBe(0);
          await gone(page.getByRole('dialog'));
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: `${SHOTS}chats-after-delete-${width}-${lang}.png`, fullPage: true });
          const found = [...(await overflowingElements(page)), ...(await clippedElements(page))];
          problems.push(...found.map((problem) => `${width} ${lang}: ${problem}`));
        } finally {
          await close();
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('drops a chat deleted from its dialogue from the selection, so a bulk action works on the rest', async () => {
    const { account } = await accountWithChats('selector', 3);
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, account, '/chats');
    const item = (n: number) => chatItems(page).filter({ hasText: `Вопрос №${n}` });
    await showsChats(page, 3);
    await item(1).getByRole('checkbox').check();
    await item(2).getByRole('checkbox').check();
    await seen(page.getByText('Выбрано: 2', { exact: true }));

    // Chat 1 is deleted from its dialogue: it leaves the list and the selection.
    await item(1).getByRole('button').click();
    await page.getByRole('button', { name: 'Удалить чат', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить', exact: true }).click();
    await showsChats(page, 2);
    await seen(page.getByText('Выбрано: 1', { exact: true }));

    // A bulk pause names only chat 2, and succeeds.
    await page.getByRole('button', { name: 'Действия', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Пауза на 1 час' }).click();
    await seen(page.getByText('Готово: 1 чат', { exact: true }));
    await seen(page.getByText('Выбрано: 0', { exact: true }));
    await seen(item(2).getByText('На паузе'));
    const chats = (await apiCall(stage.server, 'GET', '/api/chats', undefined, account.token)) as {
      items: { state: string; last_message: { text: string } | null }[];
    };
    expect(chats.items.map((chat) => [chat.last_message?.text, chat.state]).sort()).toEqual([
      ['Вопрос №2', 'paused'],
      ['Вопрос №3', 'working'],
    ]);

    // Another search or filter starts the selection afresh.
    await item(3).getByRole('checkbox').check();
    await seen(page.getByText('Выбрано: 1', { exact: true }));
    await page.getByLabel('Статус').getByText('Работает', { exact: true }).click();
    await seen(page.getByText('Выбрано: 0', { exact: true }));
    await context.close();
  });
});
