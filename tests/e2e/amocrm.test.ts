import { beforeAll, describe, expect, it } from 'vitest';
import { type FakeAmo, startFakeAmo } from '../fakes/amocrm';
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

let amo: FakeAmo;

const stage = stageWithLlm('anna', async () => {
  amo = await startFakeAmo();
  return {
    env: { AMOCRM_API_ROOT: amo.url, AMOCRM_CLIENT_ID: amo.clientId, AMOCRM_CLIENT_SECRET: amo.clientSecret },
    close: () => amo.close(),
  };
});

beforeAll(() => {
  // The integration registered in amoCRM returns to this server's /amo/install.
  amo.redirectUri = `${stage.server.url}/amo/install`;
});

describe('amoCRM in the browser', () => {
  it('installs through /amo/install, moves the deal to «Записан» chosen from the lists, from a Check dialogue', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/amocrm');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/amocrm\/[0-9a-f-]{36}$/.test(url.pathname));
    const integrationId = new URL(page.url()).pathname.split('/').at(-1) as string;

    // amoCRM's consent page, then back through /amo/install: the connection finishes by itself.
    await page.getByRole('button', { name: 'Подключить amoCRM' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth');
    await page.getByRole('link', { name: 'Разрешить' }).click();
    await page.waitForURL((url) => url.pathname === `/integrations/amocrm/${integrationId}`, {
      timeout: 20_000,
    });
    const settings = page.getByTestId('amocrm-settings');
    await seen(settings.getByText('Демо-салон'));
    await seen(page.getByText('Подключено', { exact: true }));
    expect(await page.evaluate(() => window.localStorage.getItem('integration-to-confirm'))).toBeNull();
    const field = amo.customFields.leads.find((one) => one.code === 'ONCHAT_REPLY');
    await seen(settings.getByText(`{{lead.cf.${field?.id}}}`));
    await seen(settings.getByText('Без Salesbot бот не сможет отвечать в чатах amoCRM.'));
    await settings.getByLabel('ID Salesbot').fill('4242');
    await settings.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await seen(page.getByText('Salesbot сохранён'));
    expect(amo.webhooks.map((hook) => hook.destination)).toEqual([
      expect.stringContaining(`/api/webhooks/amocrm/${integrationId}?secret=`),
    ]);

    // A bot whose action moves the deal; the pipeline and the status come from amoCRM's lists.
    const { id: botId } = (await apiCall(
      stage.server,
      'POST',
      '/api/bot',
      {
        name: 'Администратор',
        model: 'gpt-4o-mini',
        system_prompt: 'Ты администратор салона. Записывай клиентов.',
        goal_prompt: 'Записать клиента',
        process_scheme: 'instant',
        conditions: { channels: ['check'] },
        actions_enable: true,
        actions: [
          {
            name: 'Записать',
            description: 'Переводит сделку в «Записан»',
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
    await page.getByRole('option', { name: 'Воронка' }).click();
    await action.getByLabel('Статус', { exact: true }).click();
    await page.getByRole('option', { name: 'Записан' }).click();
    await page.getByRole('button', { name: 'Сохранить' }).last().click();
    await seen(page.getByText('Настройки бота сохранены'));
    await apiCall(stage.server, 'PATCH', `/api/bot/${botId}`, { is_work: true }, stage.account.token);

    // The owner checks the bot: the model calls the action, the fake deal moves.
    stage.llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'change_deal_status_1', arguments: {} }] },
      { kind: 'text', text: 'Записала вас на 15:00!' },
    );
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Проверка' }).click();
    await atPath(page, '/check');
    const message = page.getByRole('textbox', { name: 'Сообщение' });
    await message.fill('Запишите меня на 15:00');
    await message.press('Enter');
    await seen(page.getByTestId('check-message-bot').filter({ hasText: 'Записала вас на 15:00!' }), 60_000);
    const deal = [...amo.leads.values()].find((lead) => lead.name === 'Проверка бота');
    const booked = amo.pipelines[0]?._embedded.statuses.find((status) => status.name === 'Записан');
    expect(deal?.status_id).toBe(booked?.id);

    // A return with a state this account never started (another account's link): refused, nothing made.
    await page.goto(`/amo/install?code=${amo.issueCode()}&referer=${amo.referer}&state=not-ours&platform=1`);
    const failed = page.getByRole('alert').filter({ hasText: 'Не удалось завершить подключение amoCRM' });
    await seen(failed.getByText('Ссылка подключения не подходит', { exact: false }));
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: `${SHOTS}amocrm-finish-failed-390-ru.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await failed.getByRole('button', { name: 'Попробовать снова' }).click();
    await atPath(page, '/integrations/amocrm');

    // A code without our state (installed from amoCRM's market) waits for the owner's confirmation;
    // the code is not in the page's storage in the clear.
    const marketCode = amo.issueCode();
    await page.goto(`/amo/install?code=${marketCode}&referer=${amo.referer}&platform=1`);
    const confirm = page.getByTestId('amocrm-confirm');
    await seen(confirm.getByText(`Подключить amoCRM ${amo.referer}?`));
    expect(await page.evaluate(() => window.localStorage.getItem('integration-to-confirm'))).not.toContain(
      marketCode,
    );
    const before = (await apiCall(
      stage.server,
      'GET',
      '/api/integrations',
      undefined,
      stage.account.token,
    )) as {
      type: string;
    }[];
    expect(before.filter((one) => one.type === 'amocrm')).toHaveLength(1);
    await confirm.getByRole('button', { name: 'Подключить' }).click();
    await page.waitForURL(
      (url) =>
        /^\/integrations\/amocrm\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(integrationId),
      { timeout: 20_000 },
    );
    await seen(page.getByText('Подключено', { exact: true }));

    // A spent code confirmed: the failure says what to do, and nothing is left made.
    await page.goto(`/amo/install?code=${marketCode}&referer=${amo.referer}&platform=1`);
    await page.getByTestId('amocrm-confirm').getByRole('button', { name: 'Подключить' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Не удалось подключить amoCRM' });
    await seen(refused.getByText('Код amoCRM живёт 20 минут', { exact: false }));
    await refused.getByRole('button', { name: 'Отменить подключение' }).click();
    const after = (await apiCall(
      stage.server,
      'GET',
      '/api/integrations',
      undefined,
      stage.account.token,
    )) as {
      type: string;
    }[];
    expect(after.filter((one) => one.type === 'amocrm')).toHaveLength(2);
    // The owner refused on the consent page.
    await page.goto(`/amo/install?error=access_denied&state=${integrationId}`);
    await seen(page.getByRole('alert').getByText('Доступ к amoCRM не предоставлен', { exact: false }));
    await context.close();

    // The market install's confirmation on a desktop and a phone, in both languages.
    const confirmProblems = await shootEveryLanguageAndWidth(
      { ...stage, token: stage.account.token },
      `/amo/install?code=${amo.issueCode()}&referer=${amo.referer}&platform=1`,
      'amocrm-install-confirm',
      (opened) => seen(opened.getByTestId('amocrm-confirm')),
    );
    expect(confirmProblems).toEqual([]);

    // The amoCRM settings and the action's lists on a desktop and a phone, in both languages.
    for (const lang of ['ru', 'en'] as const) {
      await apiCall(stage.server, 'POST', '/api/profile', { lang }, stage.account.token);
      for (const width of [1440, 390]) {
        for (const [name, path] of [
          ['amocrm-settings', `/integrations/amocrm/${integrationId}`],
          ['amocrm-action', `/bots/${botId}`],
        ] as const) {
          const opened = await openDirectly({ ...stage, token: stage.account.token }, path, { width });
          try {
            if (name === 'amocrm-action') {
              await opened.page.getByRole('tab', { name: lang === 'ru' ? /^Действия/ : /^Actions/ }).click();
              await seen(opened.page.getByText(lang === 'ru' ? 'Записан' : 'Записан').first());
            } else await seen(opened.page.getByTestId('amo-selection').getByText('Записан'));
            await opened.page.screenshot({ path: `${SHOTS}${name}-${width}-${lang}.png`, fullPage: true });
            expect(await overflowingElements(opened.page), `${name} ${width} ${lang}`).toEqual([]);
            expect(await clippedElements(opened.page), `${name} ${width} ${lang}`).toEqual([]);
          } finally {
            await opened.close();
          }
        }
      }
    }
  });
});
