import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, apiCall, readyAccount, signInWithToken } from './support/account';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageServerAndBrowser } from './support/stage';
import { atPath, gone, seen, stored } from './support/ui';

// Issue 23 §1 and §4: the partner cabinet's clients, creating one, switching into it and back.
const stage = stageServerAndBrowser();
let partner: Account;

beforeAll(async () => {
  partner = await readyAccount(stage.server, 'partner');
});

async function partnerPage(): Promise<Page> {
  const context = await stage.browser.newContext({
    baseURL: stage.server.url,
    locale: 'ru-RU',
    viewport: { width: 1440, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInWithToken(page, partner, '/partner');
  return page;
}

/** A session the partner opens in its first client's account. */
async function sessionInFirstClient() {
  const { clients } = (await apiCall(
    stage.server,
    'GET',
    '/api/partner/clients',
    undefined,
    partner.token,
  )) as {
    clients: { id: string }[];
  };
  return (await apiCall(
    stage.server,
    'POST',
    `/api/partner/clients/${clients[0]?.id}/session`,
    undefined,
    partner.token,
  )) as { token: string };
}

/** Modals and the phone menu slide in: the screenshot waits until they stand still. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

describe('the partner cabinet in the browser', () => {
  it('tells an account that is not a partner what the programme is and how to join', async () => {
    const page = await partnerPage();
    await seen(page.getByTestId('partner-intro'));
    await seen(page.getByText('Станьте партнёром'));
    expect(await page.getByTestId('partner-create-client').count()).toBe(0);
    await page.context().close();
  });

  it('creates a client in the modal, switches into it, creates a bot there and comes back', async () => {
    await apiCall(stage.server, 'POST', '/api/helpers/tour', { fields: { role: 'partner' } }, partner.token);
    // Answering the questions starts the walk again; it is not what this test looks at.
    await apiCall(stage.server, 'POST', '/api/helpers/tour', { fields: { walk: 'skipped' } }, partner.token);
    const page = await partnerPage();
    await seen(page.getByTestId('partner-clients-empty'));
    await seen(page.getByText('Клиентов пока нет'));

    // The modal: the browser's own checks, then the server's refusal of a taken e-mail under the field.
    await page.getByTestId('partner-create-client').click();
    const form = page.getByRole('form', { name: 'Новый клиент' });
    await seen(form);
    await form.getByRole('button', { name: 'Создать' }).click();
    await seen(form.getByText('Необходимо заполнить имя'));
    await form.getByLabel('Имя').fill('Кофейня «Зерно»');
    await form.getByLabel('Email').fill(partner.email);
    await form.getByLabel('Валюта').selectOption('usd');
    await form.getByRole('button', { name: 'Создать' }).click();
    await seen(form.getByText('Пользователь с таким Email уже зарегистрирован'));
    const clientEmail = `zerno-${Date.now()}@example.com`;
    await form.getByLabel('Email').fill(clientEmail);
    await form.getByRole('button', { name: 'Создать' }).click();
    await gone(form);

    // The list shows the client, its balance in its own currency.
    const row = page.getByTestId('partner-client-row').filter({ hasText: clientEmail });
    await seen(row);
    expect(await row.innerText()).toContain('Кофейня «Зерно»');
    expect(await row.getByTestId('partner-client-balance').innerText()).toMatch(/^\d[\d\s]*,\d{2} usd$/);
    expect(await row.getByTestId('partner-client-bots').innerText()).toBe('0');
    await seen(page.getByTestId('partner-clients-total').getByText('1 клиент'));

    // Search finds it by e-mail and says so when nothing matches.
    await page.getByRole('searchbox', { name: 'Поиск по имени или e-mail' }).fill('нет-такого');
    await page.getByRole('button', { name: 'Найти' }).click();
    await seen(page.getByText('Никого не нашли'));
    await page.getByRole('searchbox', { name: 'Поиск по имени или e-mail' }).fill('zerno');
    await page.getByRole('button', { name: 'Найти' }).click();
    await seen(row);

    // Switch in: the partner's token is kept, the client's bots (none) are shown, the way back is in the sidebar.
    await row.getByTestId('partner-client-enter').click();
    await atPath(page, '/bots');
    await seen(page.getByTestId('bots-empty'));
    expect(await stored(page, 'tokenPartner')).toBe(partner.token);
    const clientToken = (await stored(page, 'token')) as string;
    expect(clientToken).not.toBe(partner.token);
    const back = page.getByTestId('nav-partner-account');
    await seen(back.getByText('Аккаунт клиента: Кофейня «Зерно»'));
    await seen(back.getByText('Вернуться в кабинет партнёра'));
    await seen(page.getByTestId('client-account-banner'));
    expect(await page.getByTestId('header-user').innerText()).toBe('Кофейня «Зерно»');

    // A bot made in the client's account belongs to the client.
    await apiCall(
      stage.server,
      'POST',
      '/api/bot',
      { name: 'Бот кофейни', system_prompt: 'Ты бариста.' },
      clientToken,
    );
    await page.reload();
    await seen(page.getByTestId('bot-row').filter({ hasText: 'Бот кофейни' }));
    const own = (await apiCall(stage.server, 'GET', '/api/bot', undefined, partner.token)) as unknown[];
    expect(own).toEqual([]);

    // Back: the cabinet and the partner's own account again.
    await back.click();
    await atPath(page, '/partner');
    await seen(page.getByTestId('partner-client-row').filter({ hasText: clientEmail }));
    expect(await stored(page, 'tokenPartner')).toBeNull();
    expect(await stored(page, 'token')).toBe(partner.token);
    expect(await page.getByTestId('nav-partner-account').count()).toBe(0);
    expect(await page.getByTestId('client-account-banner').count()).toBe(0);
    await page.context().close();
  });

  it('lays out the cabinet, the create modal and a client account at 1440 and 390 px in ru and en', async () => {
    const who = { ...stage, token: partner.token };
    const problems = await shootEveryLanguageAndWidth(who, '/partner', 'partner-clients', (page) =>
      seen(page.getByTestId(/^partner-client-(row|card)$/).locator('visible=true')),
    );
    problems.push(
      ...(await shootEveryLanguageAndWidth(who, '/partner', 'partner-create', async (page) => {
        await page.getByTestId('partner-create-client').click();
        await seen(page.getByRole('dialog'));
        await settled(page);
      })),
    );
    const session = await sessionInFirstClient();
    problems.push(
      ...(await shootEveryLanguageAndWidth(
        { ...stage, token: session.token },
        '/bots',
        'partner-inside',
        async (page) => {
          await page.evaluate((token) => window.localStorage.setItem('tokenPartner', token), partner.token);
          await page.reload();
          await seen(page.getByTestId('client-account-banner'));
          await seen(page.getByTestId(/^bot-(row|card)$/).locator('visible=true'));
          const burger = page.locator('.mantine-Burger-root');
          if (await burger.isVisible()) await burger.click();
          await seen(page.getByTestId('nav-partner-account'));
          await settled(page);
        },
      )),
    );
    expect(problems).toEqual([]);
  });

  it('shows the client’s profile without its password and keys, which are the owner’s alone', async () => {
    const session = await sessionInFirstClient();
    const problems = await shootEveryLanguageAndWidth(
      { ...stage, token: session.token },
      '/profile',
      'partner-inside-profile',
      async (page) => {
        await page.evaluate((token) => window.localStorage.setItem('tokenPartner', token), partner.token);
        await page.reload();
        await seen(page.getByTestId('profile-owner-only'));
        expect(await page.getByTestId('profile-password').count()).toBe(0);
        expect(await page.getByTestId('profile-keys').count()).toBe(0);
      },
    );
    expect(problems).toEqual([]);
  });
});
