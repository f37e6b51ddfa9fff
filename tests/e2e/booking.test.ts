import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type FakeCalendly, startFakeCalendly } from '../fakes/calendly';
import { type FakeSalon, startFakeSalon } from '../fakes/yclients';
import { apiCall, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { overflowingElements, shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

const SHOTS = new URL('../.tmp/screens/', import.meta.url).pathname;

let salon: FakeSalon;
let calendly: FakeCalendly;

const IRIS = 501;
const ARBAT = 502;
const ANNA = 31;
let bookingBotId = '';

const stage = stageWithLlm('irina', async () => {
  [salon, calendly] = await Promise.all([
    startFakeSalon({ partnerToken: 'partner-e2e-token', applicationId: 4242 }),
    startFakeCalendly(),
  ]);
  salon.addCompany({
    id: IRIS,
    title: 'Салон «Ирис»',
    address: 'Москва, ул. Тверская, 12',
    timezone_name: 'Europe/Moscow',
  });
  salon.addCompany({
    id: ARBAT,
    title: 'Ирис на Арбате',
    address: 'Москва, ул. Арбат, 20',
    timezone_name: 'Europe/Moscow',
  });
  salon.addService(IRIS, {
    id: 1001,
    title: 'Стрижка женская',
    price_min: 1500,
    price_max: 2500,
    seance_length: 3600,
  });
  salon.addService(IRIS, { id: 1002, title: 'Маникюр', price_min: 1200, seance_length: 5400 });
  salon.addStaff(IRIS, { id: ANNA, name: 'Анна', serviceIds: [1001, 1002] });
  salon.setSchedule(IRIS, ANNA, { from: '10:00', to: '20:00' });
  return {
    env: {
      YCLIENTS_API_ROOT: salon.url,
      YCLIENTS_PARTNER_TOKEN: salon.partnerToken,
      YCLIENTS_APPLICATION_ID: String(salon.applicationId),
      CALENDLY_API_ROOT: calendly.url,
      ALLOW_PRIVATE_ADDRESSES: 'true',
    },
    close: async () => {
      await Promise.all([salon.close(), calendly.close()]);
    },
  };
});

const who = () => ({ browser: stage.browser, server: stage.server, token: stage.account.token });
const call = (method: string, path: string, body?: unknown) =>
  apiCall(stage.server, method, path, body, stage.account.token);

/** Every language and width of a screen; the account is left in Russian for the next test. */
async function shoot(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  try {
    return await shootEveryLanguageAndWidth(who(), path, name, ready);
  } finally {
    await call('POST', '/api/profile', { lang: 'ru' });
  }
}

/** The marketplace's redirect to /integrations/yclients with the three query values. */
const marketplaceLink = (salonId: number) => {
  const query = salon.marketplaceRedirect(salonId, {
    id: 7001,
    name: 'Анна Смирнова',
    email: 'anna@iris.example',
    phone: '79990001122',
  });
  return `/integrations/yclients?${new URLSearchParams(query)}`;
};

/** The bot editor's Actions tab (the fourth), in either language. */
const actionsTab = async (page: Page) => {
  await page.getByRole('tab').nth(3).click();
  await seen(page.getByTestId('bot-action'));
};

let salonId = '';

describe('Booking in the browser', () => {
  it('confirms a salon from the YCLIENTS marketplace and lands on its branches', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, marketplaceLink(IRIS));
    // The signed data left the address as soon as it was stored.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const confirm = page.getByTestId('yclients-confirm');
    await seen(confirm.getByText('Подключить YCLIENTS Салон «Ирис»?'));
    const details = confirm.getByTestId('salon-confirm-details');
    await seen(details.getByText('Анна Смирнова (anna@iris.example, 79990001122)', { exact: false }));
    await seen(details.getByText('Салон: Салон «Ирис» · ID 501'));
    await seen(confirm.getByText('в течение часа', { exact: false }));
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}salon-confirm-${width}-ru.png`, fullPage: true });
      expect(await overflowingElements(page), `confirm ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await confirm.getByRole('button', { name: 'Подключить' }).click();
    await page.waitForURL((url) => /^\/integrations\/yclients\/[0-9a-f-]{36}$/.test(url.pathname), {
      timeout: 20_000,
    });
    salonId = new URL(page.url()).pathname.split('/').at(-1) as string;
    const settings = page.getByTestId('salon-settings');
    await seen(settings.getByText('Из маркетплейса YCLIENTS'));
    const branches = settings.getByTestId('salon-branches');
    await seen(branches.getByText('Салон «Ирис»'));
    await seen(branches.getByText('Москва, ул. Тверская, 12'));
    await seen(branches.getByText('Europe/Moscow'));
    await seen(page.getByText('Подключено', { exact: true }));
    expect(await page.evaluate(() => window.localStorage.getItem('integration-to-confirm'))).toBeNull();
    expect(salon.salonState(IRIS)).toBe('active');
    await context.close();

    const problems = await shoot(`/integrations/yclients/${salonId}`, 'salon-settings', (page) =>
      seen(page.getByTestId('salon-branches')),
    );
    problems.push(
      ...(await shoot(marketplaceLink(ARBAT), 'salon-confirm', (page) =>
        seen(page.getByTestId('salon-confirm-details')),
      )),
    );
    expect(problems).toEqual([]);
  });

  it('connects a salon with a YCLIENTS user’s login and password, and shows what is not set up', async () => {
    salon.addUser({
      login: 'admin@iris.example',
      password: 'iris-secret-1',
      name: 'Ольга',
      companyIds: [IRIS, ARBAT],
    });
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/yclients');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/yclients\/[0-9a-f-]{36}$/.test(url.pathname));
    const loginId = new URL(page.url()).pathname.split('/').at(-1) as string;
    const intro = page.getByTestId('salon-intro');
    await seen(intro.getByText('Из маркетплейса YCLIENTS'));
    await intro.getByRole('button', { name: 'Сохранить' }).click();
    await seen(intro.getByText('Введите логин'));
    await seen(intro.getByText('Введите пароль'));
    await intro.getByLabel('Логин (телефон или e-mail)').fill('admin@iris.example');
    await intro.getByLabel('Пароль').fill('iris-secret-1');
    await intro.getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Сохранено. Нажмите «Подключить», чтобы проверить вход.'));
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    const branches = page.getByTestId('salon-branches');
    await seen(branches.getByText('Ирис на Арбате'));
    await seen(page.getByTestId('salon-settings').getByText('По логину пользователя Ольга'));
    await context.close();

    // Before connecting: the two ways; Altegio is not configured on this server, and says so.
    const { id: freshId } = (await call('POST', '/api/integrations', { type: 'yclients' })) as { id: string };
    const { id: altegioId } = (await call('POST', '/api/integrations', { type: 'altegio' })) as {
      id: string;
    };
    const problems = await shoot(`/integrations/yclients/${freshId}`, 'salon-intro', (page) =>
      seen(page.getByTestId('salon-intro')),
    );
    problems.push(
      ...(await shoot(`/integrations/altegio/${altegioId}`, 'salon-not-configured', (page) =>
        seen(page.getByTestId('salon-not-configured').getByText('ALTEGIO_PARTNER_TOKEN', { exact: false })),
      )),
      ...(await shoot(`/integrations/yclients/${loginId}`, 'salon-settings-login', (page) =>
        seen(page.getByTestId('salon-branches')),
      )),
    );
    expect(problems).toEqual([]);
  });

  it('connects Calendly with a personal access token and lists its event types', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/calendly');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/calendly\/[0-9a-f-]{36}$/.test(url.pathname));
    const calendlyId = new URL(page.url()).pathname.split('/').at(-1) as string;
    const settings = page.getByTestId('calendly-settings');
    await seen(settings.getByRole('link', { name: 'Calendly → Integrations → API & Webhooks' }));
    await settings.getByLabel('Персональный токен доступа').fill('short');
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(settings.getByText('Это не похоже на токен Calendly', { exact: false }));
    await settings.getByLabel('Персональный токен доступа').fill(calendly.token);
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Токен сохранён. Нажмите «Подключить»', { exact: false }));
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    await seen(settings.getByTestId('calendly-user').getByText('Анна Петрова'));
    await seen(settings.getByTestId('calendly-event-types').getByText('Консультация'));
    // The fake's paid plan takes the subscription: the bookings made come back to the chat.
    await seen(settings.getByTestId('calendly-webhook').getByText('Calendly сообщает', { exact: false }));
    await context.close();

    const problems = await shoot(`/integrations/calendly/${calendlyId}`, 'calendly-settings', (page) =>
      seen(page.getByTestId('calendly-event-types')),
    );

    const eventType = calendly.eventTypes[0]?.uri ?? '';
    const { id: botId } = (await call('POST', '/api/bot', {
      name: 'Запись в клинику',
      model: 'gpt-4o-mini',
      system_prompt: 'Ты администратор клиники. Записывай на консультации.',
      goal_prompt: 'Записать на консультацию',
      process_scheme: 'instant',
      conditions: { channels: ['check'] },
      actions_enable: true,
      actions: [
        {
          name: 'Записать',
          description: 'Записывает на консультацию',
          goal_prompt: 'Когда клиент хочет записаться',
          type: 'booking',
          settings: { integration_id: calendlyId, event_type: eventType },
        },
      ],
    })) as { id: string };
    problems.push(
      ...(await shoot(`/bots/${botId}`, 'booking-calendly-action', async (page) => {
        await actionsTab(page);
        await seen(page.getByTestId('booking-event-type'));
      })),
    );
    expect(problems).toEqual([]);
  });

  it('configures the Get branches and booking actions from the salon’s branches and services', async () => {
    expect(salonId).not.toBe('');
    const { id: botId } = (await call('POST', '/api/bot', {
      name: 'Администратор салона',
      model: 'gpt-4o-mini',
      system_prompt: 'Ты администратор салона красоты. Записывай клиентов.',
      goal_prompt: 'Записать клиента',
      process_scheme: 'instant',
      conditions: { channels: ['check'] },
      actions_enable: true,
      actions: [
        {
          name: 'Филиалы',
          description: 'Предлагает филиал',
          goal_prompt: 'Когда клиент выбирает, куда прийти',
          type: 'get_branches',
          // 999 is a branch the salon no longer lists: it stays chosen, flagged.
          settings: { integration_id: salonId, branches: [String(IRIS), '999'] },
        },
        {
          name: 'Запись',
          description: 'Записывает на услугу',
          goal_prompt: 'Когда клиент выбрал время',
          type: 'booking',
          settings: { integration_id: salonId },
        },
      ],
    })) as { id: string };
    bookingBotId = botId;

    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, `/bots/${botId}`);
    await page.getByRole('tab', { name: /^Действия/ }).click();
    const branchesAction = page.getByRole('region', { name: /^Действие 1/ });
    await seen(branchesAction.getByText('Салон «Ирис»', { exact: true }));
    await seen(branchesAction.getByText('Филиал 999 (больше нет в салоне)'));
    const booking = page.getByRole('region', { name: /^Действие 2/ });
    await seen(booking.getByText('Чтобы ограничить услуги, выберите филиал', { exact: false }));
    await booking.getByTestId('booking-branch').click();
    await page
      .getByRole('option', { name: /^Салон «Ирис»/ })
      .getByText('Москва, ул. Тверская, 12')
      .click();
    await booking.getByTestId('booking-services').click();
    // The prices are grouped as the language writes numbers (1 500 with a narrow space in Russian).
    await page.getByRole('option', { name: /^Стрижка женская · 1\s?500–2\s?500 · 60 мин$/ }).click();
    await page.keyboard.press('Escape');
    // The sticky footer may cover the switch: it is toggled from the keyboard, as a user can.
    await booking.getByRole('switch', { name: 'Отправить клиенту SMS о записи' }).focus();
    await page.keyboard.press('Space');
    await booking.getByTestId('booking-comment').fill('Записан ботом onchat');
    await page.getByRole('button', { name: 'Сохранить' }).last().click();
    await seen(page.getByText('Настройки бота сохранены'));
    const saved = (await call('GET', `/api/bot/${botId}`)) as {
      actions: { type: string; settings: Record<string, unknown> }[];
    };
    expect(saved.actions[1]?.settings).toMatchObject({
      integration_id: salonId,
      branch_id: String(IRIS),
      service_ids: ['1001'],
      notify_by_sms: false,
      comment: 'Записан ботом onchat',
    });
    await context.close();

    const problems = await shoot(`/bots/${botId}`, 'booking-actions', async (page) => {
      await actionsTab(page);
      await seen(page.getByTestId('booking-services'));
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="bot-action"] .mantine-Loader-root'),
      );
    });
    expect(problems).toEqual([]);
  });

  it('books in Check: the record lands in the salon and the dialogue shows it', async () => {
    expect(bookingBotId).not.toBe('');
    await call('PATCH', `/api/bot/${bookingBotId}`, { is_work: true });
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
      new Date(salon.now().getTime() + 86_400_000),
    );
    const datetime = `${tomorrow}T15:00:00+03:00`;
    stage.llm.queue(
      {
        kind: 'tool_calls',
        calls: [
          {
            name: 'booking_2',
            arguments: {
              step: 'book',
              service_id: '1001',
              staff_id: String(ANNA),
              datetime,
              name: 'Мария',
              phone: '+7 916 123-45-67',
            },
          },
        ],
      },
      { kind: 'text', text: 'Записала вас на завтра в 15:00!' },
    );
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, `/check?bot=${bookingBotId}`);
    const message = page.getByRole('textbox', { name: 'Сообщение' });
    await message.fill('Запишите меня на стрижку завтра в 15:00, Мария, +7 916 123-45-67');
    await message.press('Enter');
    await seen(
      page.getByTestId('check-message-bot').filter({ hasText: 'Записала вас на завтра в 15:00!' }),
      60_000,
    );
    const line = page.getByTestId('check-system-message').filter({ hasText: 'Запись создана' });
    await seen(line);
    expect(await line.textContent()).toMatch(/^Запись создана: Стрижка женская, .+, 15:00, мастер Анна$/);
    const records = salon.records.filter((record) => record.company_id === IRIS);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ datetime, staff_id: ANNA, fullname: 'Мария', phone: '79161234567' });
    await context.close();

    const problems = await shoot(`/check?bot=${bookingBotId}`, 'booking-check', (page) =>
      seen(page.getByTestId('check-system-message').filter({ hasText: 'Запись создана' })),
    );
    expect(problems).toEqual([]);
  });
});
