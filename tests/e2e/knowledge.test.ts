import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { xlsxWith } from '../support/documents';
import { apiCall, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import {
  clippedElements,
  openDirectly,
  overflowingElements,
  shootEveryLanguageAndWidth,
} from './support/screens';
import { stageWithLlm } from './support/stage';
import { atPath, seen } from './support/ui';

const SHOTS = new URL('../.tmp/screens/', import.meta.url).pathname;
const FILES = new URL('../.tmp/upload-files/', import.meta.url).pathname;

const stage = stageWithLlm('katya');

beforeAll(async () => {
  await mkdir(FILES, { recursive: true });
  await writeFile(
    join(FILES, 'Прайс.xlsx'),
    await xlsxWith([
      ['Услуга', 'Цена, ₽'],
      ['Стрижка мужская', 1500],
      ['Окрашивание волос', 4200],
      ['Маникюр классический', 1200],
    ]),
  );
  await writeFile(join(FILES, 'notes.exe'), 'MZ');
});

const modal = (page: Page) => page.getByTestId('storage-modal');

/** The modal at both widths: screenshots for review, and nothing may stick out or be cut. */
async function lookAt(page: Page, name: string, lang: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}${name}-${width}-${lang}.png` });
    const problems = [...(await overflowingElements(page)), ...(await clippedElements(page))];
    expect(problems, `${name} ${width} ${lang}`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('knowledge in the browser', () => {
  it('uploads a price list, watches it indexed, and the bot answers a price only the file has', async () => {
    const bot = (await apiCall(
      stage.server,
      'POST',
      '/api/bot',
      {
        name: 'Салон',
        model: 'gpt-4o-mini',
        system_prompt: 'Ты администратор салона красоты.',
        goal_prompt: 'Отвечать на вопросы о ценах',
        process_scheme: 'instant',
      },
      stage.account.token,
    )) as { id: string };
    const { page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, `/bots/${bot.id}`);
    await page.getByTestId('manage-storages').click();
    await seen(modal(page).getByText('Хранилищ пока нет'));
    await lookAt(page, 'storage-modal-empty', 'ru');

    await modal(page).getByLabel('Название').fill('Прайс салона');
    await modal(page).getByLabel('Описание для бота').first().fill('Цены на услуги');
    await modal(page).getByRole('button', { name: 'Создать' }).click();
    await seen(modal(page).getByText('Файлов пока нет'));

    // A file the storage does not take is refused before it is sent, with the SPEC's words.
    const input = modal(page).locator('input[type=file]');
    await input.setInputFiles(join(FILES, 'notes.exe'));
    await seen(modal(page).getByTestId('upload-error').getByText('Некорректное расширение файла'));

    await input.setInputFiles(join(FILES, 'Прайс.xlsx'));
    const file = modal(page).getByTestId('storage-file').filter({ hasText: 'Прайс.xlsx' });
    await seen(file);
    await seen(file.getByTestId('file-state').getByText('Готов'), 30_000);
    await seen(file.getByText(/индексация: \d+,\d{2}/));
    await lookAt(page, 'storage-modal-files', 'ru');

    await modal(page).getByRole('button', { name: 'Все хранилища' }).click();
    await seen(modal(page).getByTestId('storage-row').getByText('Прайс салона'));
    await lookAt(page, 'storage-modal-list', 'ru');
    await page.keyboard.press('Escape');

    // The bot answers from this storage.
    await page.getByTestId('bot-storage').click();
    await page.getByRole('option', { name: /Прайс салона/ }).click();
    await page.getByTestId('bot-footer').getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Настройки бота сохранены'));
    await apiCall(stage.server, 'PATCH', `/api/bot/${bot.id}`, { is_work: true }, stage.account.token);

    stage.llm.queue({ kind: 'quote', pattern: 'Окрашивание', otherwise: 'Не знаю' });
    await page.goto('/check');
    await atPath(page, '/check');
    const message = page.getByRole('textbox', { name: 'Сообщение' });
    await message.fill('Сколько стоит окрашивание волос?');
    await message.press('Enter');
    await seen(page.getByTestId('check-message-bot').getByText(/Окрашивание волос; Цена, ₽: 4200/), 30_000);

    // The same screens in English.
    await apiCall(stage.server, 'POST', '/api/profile', { lang: 'en' }, stage.account.token);
    const english = await openDirectly({ ...stage, token: stage.account.token }, `/bots/${bot.id}`);
    // The bot's own storage opens first.
    await english.page.getByTestId('manage-storages').click();
    await seen(modal(english.page).getByTestId('file-state').getByText('Ready'));
    await lookAt(english.page, 'storage-modal-files', 'en');
    await modal(english.page).getByRole('button', { name: 'All storages' }).click();
    await seen(modal(english.page).getByTestId('storage-row').getByText('1 file', { exact: false }));
    await lookAt(english.page, 'storage-modal-list', 'en');
    await english.close();
    await apiCall(stage.server, 'POST', '/api/profile', { lang: 'ru' }, stage.account.token);
  });

  it('chooses the files of a media action from the media storages', async () => {
    const storage = (await apiCall(
      stage.server,
      'POST',
      '/api/storages',
      { type: 'media', name: 'Фото работ', description: '' },
      stage.account.token,
    )) as { id: string };
    const form = new FormData();
    form.set('file', new File([new Uint8Array([137, 80, 78, 71])], 'Стрижки.png'));
    const uploaded = await fetch(`${stage.server.url}/api/storages/${storage.id}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stage.account.token}` },
      body: form,
    });
    const file = (await uploaded.json()) as { id: string };
    const bot = (await apiCall(
      stage.server,
      'POST',
      '/api/bot',
      {
        name: 'Медиа',
        system_prompt: 'Ты администратор салона.',
        actions_enable: true,
        actions: [
          {
            name: 'Фото работ',
            description: 'Отправляет фото',
            goal_prompt: 'Когда просят показать работы',
            type: 'send_media',
            settings: { files: [file.id] },
          },
        ],
      },
      stage.account.token,
    )) as { id: string };
    const problems = await shootEveryLanguageAndWidth(
      { ...stage, token: stage.account.token },
      `/bots/${bot.id}`,
      'bot-media-action',
      async (page) => {
        await page.getByRole('tab', { name: /^(Действия|Actions)/ }).click();
        await seen(page.getByTestId('bot-action').getByText('Стрижки.png'));
      },
    );
    expect(problems).toEqual([]);
  });
});
