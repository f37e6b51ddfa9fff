import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, readyAccount, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { atPath, gone, seen } from './support/ui';

const ANSWER = 'Здравствуйте! Доставка есть по всей России, подскажу с выбором.';

interface TemplateInfo {
  id: string;
  industry: string;
  name: string;
  available: boolean;
  missing_integrations: string[];
}

const stage = stageWithLlm('olga');

const footer = (page: Page) => page.getByTestId('bot-footer');
const problemsTitle = 'В настройках есть проблемы, которые нужно исправить для корректной работы';

describe('bots in the browser', () => {
  it('creates a bot from a template, fixes its warnings, switches it on, talks to it in Check and sees the answer in History', async () => {
    const templates = (await apiCall(
      stage.server,
      'GET',
      '/api/bots/templates?lang=ru',
      undefined,
      stage.account.token,
    )) as TemplateInfo[];
    const template = templates.find((item) => item.industry === 'shop' && item.available);
    const locked = templates.find((item) => !item.available);
    expect(template).toBeDefined();
    if (!template) return;

    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/bots');
    await seen(page.getByRole('heading', { name: 'Ботов пока нет' }));

    // The gallery: a template whose integrations are missing cannot be chosen and offers to connect them.
    await page.getByRole('button', { name: 'Создать из шаблона' }).click();
    const gallery = page.getByRole('dialog', { name: 'Бот из шаблона' });
    await seen(gallery);
    if (locked) {
      const card = gallery.getByRole('article', { name: locked.name });
      await seen(card.getByText('Шаблон недоступен: подключите', { exact: false }));
      await seen(card.getByRole('link', { name: 'Подключить интеграции' }));
      expect(await card.getByRole('button', { name: 'Создать бота' }).isDisabled()).toBe(true);
    }
    await gallery.getByLabel('Отрасль').click();
    await page.getByRole('option', { name: 'Магазин' }).click();
    expect(await gallery.getByRole('article').count()).toBe(
      templates.filter((item) => item.industry === 'shop').length,
    );
    await gallery
      .getByRole('article', { name: template.name })
      .getByRole('button', { name: 'Создать бота' })
      .click();

    // The editor of the new bot.
    await page.waitForURL((url) => /^\/bots\/[0-9a-f-]{36}$/.test(url.pathname));
    const botId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await seen(page.getByRole('heading', { name: template.name }));
    for (const tab of ['Основное', 'Условия срабатывания', 'Автоматизация', 'Действия', 'Дополнительно']) {
      await seen(page.getByRole('tab', { name: new RegExp(`^${tab}`) }));
    }
    await seen(page.getByRole('button', { name: 'Управление хранилищами' }));

    // An empty system prompt is a settings problem: the footer lists it live.
    const prompt = page.getByRole('textbox', { name: 'Системный промпт' });
    await prompt.fill('');
    const problems = footer(page).getByTestId('bot-problems');
    await seen(problems.getByText(problemsTitle));
    await seen(problems.getByText('Заполните системный промпт'));
    await footer(page).getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Настройки бота сохранены'));

    // In the list the bot shows its problem, and switching it on is refused with the server's message.
    await footer(page).getByRole('link', { name: 'К списку ботов' }).click();
    await atPath(page, '/bots');
    const row = page.getByTestId('bot-row').filter({ hasText: template.name });
    await seen(row.getByText('1 проблема'));
    const toggle = row.getByRole('switch', { name: `Бот «${template.name}» работает` });
    await toggle.click({ force: true });
    await seen(page.getByText('Бота нельзя включить: исправьте проблемы в настройках'));
    expect(await toggle.isChecked()).toBe(false);

    // Fixing it: `@` lists the variables, Enter inserts the chosen one, an unknown name finds nothing.
    await row.getByRole('link', { name: template.name, exact: true }).click();
    await atPath(page, `/bots/${botId}`);
    await prompt.click();
    await prompt.pressSequentially('Ты консультант интернет-магазина. Обращайся к клиенту по имени @na');
    const mentions = page.getByTestId('mention-list');
    await seen(mentions.getByRole('option', { name: /^name/ }));
    await prompt.press('Enter');
    await gone(mentions);
    expect(await prompt.inputValue()).toBe(
      'Ты консультант интернет-магазина. Обращайся к клиенту по имени {{name}}',
    );
    await prompt.pressSequentially(' @zzz');
    await seen(mentions.getByText('Поле не найдено'));
    await prompt.press('Enter');
    expect(await prompt.inputValue()).not.toContain('\n');
    await prompt.press('Escape');
    await prompt.fill(
      'Ты консультант интернет-магазина. Обращайся к клиенту по имени {{name}}. Отвечай коротко.',
    );
    await gone(problems);

    // Quick answers for the check: instant processing; and a channel, which counts as a connection.
    await page.getByRole('tab', { name: /^Автоматизация/ }).click();
    await page.getByText('Сразу', { exact: true }).click();
    await seen(page.getByText('Бот отвечает на каждое сообщение сразу.'));
    await page.getByRole('tab', { name: /^Условия срабатывания/ }).click();
    await page.getByRole('combobox', { name: 'Каналы бота' }).click();
    await page.getByRole('option', { name: 'Онлайн-чат на сайте' }).click();
    await page.keyboard.press('Escape');

    // Leaving with unsaved changes asks first.
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Мои боты' }).click();
    const leave = page.getByRole('dialog', { name: 'Уйти без сохранения?' });
    await seen(leave);
    await leave.getByRole('button', { name: 'Отмена' }).click();
    await gone(leave);
    expect(new URL(page.url()).pathname).toBe(`/bots/${botId}`);

    await footer(page).getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Все изменения сохранены'));
    const saved = (await apiCall(stage.server, 'GET', '/api/bot', undefined, stage.account.token)) as {
      id: string;
      process_scheme: string;
      problems: unknown[];
      conditions: { channels: string[] };
      system_prompt: string;
    }[];
    expect(saved[0]).toMatchObject({
      id: botId,
      process_scheme: 'instant',
      problems: [],
      conditions: { channels: ['onchat'] },
    });
    expect(saved[0]?.system_prompt).toContain('{{name}}');

    // Switched on from the list, with no problems left.
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Мои боты' }).click();
    await atPath(page, '/bots');
    await seen(row.getByText('Без проблем'));
    await seen(row.getByText('1 подключение'));
    await toggle.click({ force: true });
    await seen(page.getByText('Бот включён'));
    expect(await toggle.isChecked()).toBe(true);

    // Check: the customer's message, the wait, the answer with its price.
    stage.llm.queue({ kind: 'text', text: ANSWER, usage: { prompt_tokens: 2000, completion_tokens: 1000 } });
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Проверка' }).click();
    await atPath(page, '/check');
    await seen(page.getByText('Сообщений пока нет', { exact: false }));
    const message = page.getByRole('textbox', { name: 'Сообщение' });
    await message.fill('Здравствуйте, есть ли доставка?');
    await message.press('Enter');
    await seen(page.getByTestId('check-message-customer').getByText('Здравствуйте, есть ли доставка?'));
    const answer = page.getByTestId('check-message-bot').filter({ hasText: ANSWER });
    await seen(answer, 60_000);
    const price = (await answer.getByTestId('check-price').textContent()) ?? '';
    expect(price).toMatch(/^Цена ответа: \d+,\d{2} rub$/);
    await gone(page.getByTestId('check-typing'));
    expect(stage.llm.bodies.length).toBeGreaterThan(0);

    // History: the answer's row with the same price, the success badge, the status filter.
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'История' }).click();
    await atPath(page, '/history');
    const historyRow = page.getByTestId('history-row').filter({ hasText: ANSWER });
    await seen(historyRow);
    await seen(historyRow.getByRole('link', { name: template.name }));
    await seen(historyRow.getByText('Успешно'));
    expect(await historyRow.getByTestId('history-price').textContent()).toBe(
      price.replace('Цена ответа: ', ''),
    );
    expect((await historyRow.getByRole('cell').first().textContent()) ?? '').toMatch(
      /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
    );
    await page.getByText('Ошибка', { exact: true }).click();
    await seen(page.getByTestId('history-empty'));
    expect(new URL(page.url()).searchParams.get('status')).toBe('error');
    await page.getByText('Все', { exact: true }).click();
    await seen(historyRow);

    // Clearing the check dialogue asks first; the history stays.
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Проверка' }).click();
    await seen(answer);
    await page.getByRole('button', { name: 'Очистить диалог' }).click();
    const confirmClear = page.getByRole('dialog', { name: 'Очистить диалог?' });
    await confirmClear.getByRole('button', { name: 'Очистить диалог' }).click();
    await gone(confirmClear);
    await seen(page.getByText('Сообщений пока нет', { exact: false }));

    // Deleting the bot asks first.
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Мои боты' }).click();
    await row.getByRole('button', { name: `Удалить бота ${template.name}` }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Удалить бота?' });
    await seen(
      confirmDelete.getByText(`Бот «${template.name}» и все его настройки будут удалены`, { exact: false }),
    );
    await confirmDelete.getByRole('button', { name: 'Удалить' }).click();
    await seen(page.getByRole('heading', { name: 'Ботов пока нет' }));

    await context.close();
  });

  it('creates a bot manually: the missing name and prompt are warned about until filled, then temperature and work time are saved', async () => {
    const owner = await readyAccount(stage.server, 'ivan');
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, owner, '/bots');
    await page.getByRole('link', { name: 'Создать бота' }).click();
    await atPath(page, '/bots/new');
    await seen(page.getByRole('heading', { name: 'Новый бот' }));
    const problems = footer(page).getByTestId('bot-problems');
    await seen(problems.getByText('Укажите название бота'));
    await seen(problems.getByText('Заполните системный промпт'));

    await page.getByRole('textbox', { name: 'Название бота' }).fill('Ассистент');
    await gone(problems.getByText('Укажите название бота'));
    await footer(page).getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL((url) => /^\/bots\/[0-9a-f-]{36}$/.test(url.pathname));
    await seen(page.getByText('Бот создан'));
    await seen(page.getByRole('heading', { name: 'Ассистент' }));
    expect(await page.getByRole('dialog', { name: 'Уйти без сохранения?' }).count()).toBe(0);
    const botId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    await page.getByRole('textbox', { name: 'Системный промпт' }).fill('Ты вежливый ассистент.');
    await gone(problems);
    await page.getByText('Точная настройка', { exact: true }).click();
    await seen(page.getByText('Температура: 50%'));
    // The scale reads 0–100 % (SPEC §5), the thumb goes by keyboard and stops at the 68 % cap (§9).
    const slider = page.getByRole('slider');
    for (const mark of ['0%', '25%', '50%', '75%', '100%']) {
      await seen(page.locator('.mantine-Slider-markLabel', { hasText: new RegExp(`^${mark}$`) }));
    }
    expect(await slider.getAttribute('aria-valuemax')).toBe('100');
    await slider.press('Home');
    await seen(page.getByText('Температура: 0%'));
    await slider.press('ArrowRight');
    await seen(page.getByText('Температура: 1%'));
    await slider.press('End');
    await seen(page.getByText('Температура: 68%'));
    await slider.press('ArrowRight');
    await seen(page.getByText('Температура: 68%'));
    await seen(page.getByText('Не выше 68%: выше ответы теряют связность.'));

    await page.getByRole('tab', { name: /^Условия срабатывания/ }).click();
    await page.getByRole('switch', { name: 'Работать по расписанию' }).click({ force: true });
    await page.getByRole('combobox', { name: 'Часовой пояс' }).click();
    await page.getByRole('option', { name: 'Екатеринбург' }).click();
    await footer(page).getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Настройки бота сохранены'));

    const [bot] = (await apiCall(stage.server, 'GET', '/api/bot', undefined, owner.token)) as {
      id: string;
      name: string;
      temperature_mode: string;
      temperature: number;
      conditions: { work_time: { enabled: boolean; time_zone: string } };
      problems: unknown[];
    }[];
    expect(bot).toMatchObject({
      id: botId,
      name: 'Ассистент',
      temperature_mode: 'fine_tuning',
      temperature: 68,
      conditions: { work_time: { enabled: true, time_zone: 'Asia/Yekaterinburg' } },
      problems: [],
    });

    await context.close();
  });

  it('shows the temperature scale 0–100 % with the 68 % cap at both widths in both languages', async () => {
    const owner = await readyAccount(stage.server, 'tanya');
    const created = (await apiCall(
      stage.server,
      'POST',
      '/api/bot',
      {
        name: 'Ассистент',
        system_prompt: 'Ты вежливый ассистент.',
        temperature_mode: 'fine_tuning',
        temperature: 50,
      },
      owner.token,
    )) as { id: string };
    const problems = await shootEveryLanguageAndWidth(
      { browser: stage.browser, server: stage.server, token: owner.token },
      `/bots/${created.id}`,
      'bot-temperature',
      (page) => seen(page.getByRole('slider')),
    );
    expect(problems).toEqual([]);
  });
});
