import { describe, expect, it } from 'vitest';
import { type FakeAlfa, startFakeAlfa } from '../fakes/alfacrm';
import { apiCall, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { atPath, seen } from './support/ui';

let alfa: FakeAlfa;

const stage = stageWithLlm('olga', async () => {
  alfa = await startFakeAlfa();
  return { env: { ALFACRM_API_ROOT: alfa.url }, close: () => alfa.close() };
});

describe('AlfaCRM in the browser', () => {
  it('connects with the address, e-mail and key, and moves the Check dialogue’s lead to a status chosen from the list', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/alfacrm');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/alfacrm\/[0-9a-f-]{36}$/.test(url.pathname));
    const integrationId = new URL(page.url()).pathname.split('/').at(-1) as string;

    // The form says what is wrong before anything is sent.
    const settings = page.getByTestId('alfacrm-settings');
    await settings.getByTestId('alfacrm-hostname').fill('школа crm');
    await settings.getByTestId('alfacrm-email').fill('api@');
    await settings.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await seen(settings.getByText('Это не похоже на адрес AlfaCRM', { exact: false }));
    await seen(settings.getByText('Неправильный формат Email'));
    await seen(settings.getByText('Вставьте API-ключ'));

    await settings.getByTestId('alfacrm-hostname').fill('school');
    await settings.getByTestId('alfacrm-email').fill(alfa.email);
    await settings.getByTestId('alfacrm-api-key').fill(alfa.apiKey);
    await settings.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await seen(page.getByText('Сохранено. Нажмите «Подключить», чтобы проверить доступ.'));
    await expect.poll(() => settings.getByTestId('alfacrm-hostname').inputValue()).toBe('school.s20.online');
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    await seen(settings.getByText('Подключено: school.s20.online, филиал «Основной филиал»'));

    const { id: botId } = (await apiCall(
      stage.server,
      'POST',
      '/api/bot',
      {
        name: 'Администратор школы',
        model: 'gpt-4o-mini',
        system_prompt: 'Ты администратор языковой школы. Записывай на пробные занятия.',
        goal_prompt: 'Записать на пробное',
        process_scheme: 'instant',
        conditions: { channels: ['check'] },
        actions_enable: true,
        actions: [
          {
            name: 'Записать',
            description: 'Переводит лида в «Записан на пробное»',
            goal_prompt: 'Когда клиент выбрал время',
            type: 'change_deal_status',
            settings: { integration_id: integrationId },
          },
        ],
      },
      stage.account.token,
    )) as { id: string };
    await page.goto(`/bots/${botId}`);
    await page.getByRole('tab', { name: /^Действия/ }).click();
    const action = page.getByRole('region', { name: /^Действие 1/ });
    await action.getByLabel('Воронка', { exact: true }).click();
    await page.getByRole('option', { name: 'Основной филиал' }).click();
    await action.getByLabel('Статус', { exact: true }).click();
    await page.getByRole('option', { name: 'Записан на пробное' }).click();
    await page.getByRole('button', { name: 'Сохранить' }).last().click();
    await seen(page.getByText('Настройки бота сохранены'));
    await apiCall(stage.server, 'PATCH', `/api/bot/${botId}`, { is_work: true }, stage.account.token);

    stage.llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'change_deal_status_1', arguments: {} }] },
      { kind: 'text', text: 'Записала вас на пробное в среду!' },
    );
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Проверка' }).click();
    await atPath(page, '/check');
    const message = page.getByRole('textbox', { name: 'Сообщение' });
    await message.fill('Хочу на пробное в среду');
    await message.press('Enter');
    await seen(page.getByTestId('check-message-bot').filter({ hasText: 'Записала вас на пробное' }), 60_000);
    const lead = [...alfa.customers.values()].find((customer) => customer.name === 'Проверка бота');
    expect(lead).toMatchObject({ is_study: 0, lead_status_id: 2 });
    await context.close();

    const problems = await shootEveryLanguageAndWidth(
      { ...stage, token: stage.account.token },
      `/integrations/alfacrm/${integrationId}`,
      'alfacrm-settings',
      (page) => seen(page.getByTestId('alfacrm-connected')),
    );
    expect(problems).toEqual([]);
  });
});
