import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../functions/shared/money';
import { formatDate } from '../../web/src/i18n/format';
import { type FakeTbank, startFakeTbank } from '../fakes/tbank';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { type Account, apiCall, readyAccount, signInWithToken } from './support/account';
import { launchBrowser, newRussianPage } from './support/browser';
import { TBANK_TERMINAL, tbankEnv } from './support/payments';
import { shootEveryLanguageAndWidth } from './support/screens';
import { atPath, gone, seen } from './support/ui';

// Issue 23 §2–4: the partner cabinet's money side: the partner balance, paying for a client with the
// partner's discount, the operations, referral links and earnings.

let tbank: FakeTbank;
let server: LocalServer;
let browser: Browser;
let partner: Account;
let clientId = '';

beforeAll(async () => {
  tbank = await startFakeTbank({ terminals: [TBANK_TERMINAL] });
  server = await startFreshServer(tbankEnv(tbank));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tbank?.close();
});

const rub = (minor: number) => formatMoney(minor, 'rub', 'ru');

/** Modals and the phone menu slide in: the screenshot waits until they stand still. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** The questions of the first visit, answered as a partner; the walk that follows is skipped. */
async function becomePartnerInTheTour(page: Page) {
  const tour = page.getByRole('dialog', { name: 'Давайте познакомимся' });
  await seen(tour);
  await tour.getByLabel('Продажи и обработка заявок').check();
  await tour.getByRole('button', { name: 'Далее' }).click();
  await tour.getByLabel('Партнёр — настраиваю ботов для своих клиентов').check();
  await tour.getByRole('button', { name: 'Далее' }).click();
  await tour.getByLabel('В какой сфере ваш бизнес?').selectOption('marketing');
  await tour.getByRole('button', { name: 'Далее' }).click();
  await tour.getByLabel('Уже использую AI в работе').check();
  await tour.getByRole('button', { name: 'Далее' }).click();
  await tour.getByLabel('4–10').check();
  await tour.getByRole('button', { name: 'Готово' }).click();
  await gone(tour);
  const walk = page.getByTestId('tour-walk');
  await seen(walk);
  await walk.getByRole('button', { name: 'Пропустить' }).click();
  await gone(walk);
}

describe('the partner cabinet: money', () => {
  it('a partner from the tour tops up its balance and pays for a client’s subscription with its discount', async () => {
    partner = await readyAccount(server, 'agency', { tour: false });
    const { context, page } = await newRussianPage(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithToken(page, partner, '/bots');
    await becomePartnerInTheTour(page);

    // The sidebar now leads to the cabinet: the status, the balance, the tabs.
    await page
      .getByRole('navigation', { name: 'Разделы' })
      .getByRole('link', { name: 'Партнёрская программа' })
      .click();
    await atPath(page, '/partner');
    const summary = await seen(page.getByTestId('partner-summary'));
    expect(await summary.getByTestId('partner-status').innerText()).toMatch(/партн[её]р/i);
    expect(await summary.getByTestId('partner-balance').innerText()).toBe(rub(0));
    await seen(summary.getByText('Скидка на оплату клиентов 10%'));
    await seen(
      summary.getByTestId('partner-next-status').getByText(/До статуса «Агентство» — ещё 5 аккаунтов/),
    );

    // A client, created in the modal.
    await page.getByTestId('partner-create-client').click();
    const form = page.getByRole('form', { name: 'Новый клиент' });
    await form.getByLabel('Имя').fill('Салон «Лотос»');
    const clientEmail = `lotus-${Date.now()}@example.com`;
    await form.getByLabel('Email').fill(clientEmail);
    await form.getByRole('button', { name: 'Создать' }).click();
    await gone(form);
    const row = page.getByTestId('partner-client-row').filter({ hasText: clientEmail });
    await seen(row);
    // In its demo: the demo's end, marked as such.
    await seen(row.getByTestId('partner-client-subscription').getByText('демо'));

    // Into the client, a bot there, and back.
    await row.getByTestId('partner-client-enter').click();
    await atPath(page, '/bots');
    const clientToken = (await page.evaluate(() => window.localStorage.getItem('token'))) as string;
    await apiCall(
      server,
      'POST',
      '/api/bot',
      { name: 'Бот салона', system_prompt: 'Ты администратор.' },
      clientToken,
    );
    await page.reload();
    await seen(page.getByTestId('bot-row').filter({ hasText: 'Бот салона' }));
    await page.getByTestId('nav-partner-account').click();
    await atPath(page, '/partner');

    // Paying with an empty partner balance: the discounted price, what is missing, Pay disabled.
    await row.getByTestId('partner-client-pay').click();
    await page.getByTestId('partner-client-pay-subscription').click();
    let dialog = page.getByRole('dialog', { name: 'Оплатить подписку: Салон «Лотос»' });
    await seen(dialog);
    await dialog.getByLabel('Добавить бота или интеграцию').click();
    await page.getByRole('option', { name: 'Боты', exact: true }).click();
    const quote = dialog.getByTestId('partner-quote');
    await seen(quote);
    const { clients } = (await apiCall(server, 'GET', '/api/partner/clients', undefined, partner.token)) as {
      clients: { id: string }[];
    };
    clientId = clients[0]?.id ?? '';
    const priced = (await apiCall(
      server,
      'POST',
      `/api/partner/clients/${clientId}/quote`,
      { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
      partner.token,
    )) as { full_minor: number; discount_minor: number; total_minor: number };
    expect(priced.discount_minor).toBe(Math.floor(priced.full_minor / 10));
    expect(priced.total_minor).toBe(priced.full_minor - priced.discount_minor);
    await seen(quote.getByText(rub(priced.full_minor), { exact: true }));
    await seen(quote.getByText('Скидка партнёра 10%'));
    await seen(quote.getByText(`−${rub(priced.discount_minor)}`));
    await seen(quote.getByText('Не хватает'));
    await seen(dialog.getByTestId('partner-quote-short'));
    expect(await dialog.getByTestId('partner-pay-submit').isDisabled()).toBe(true);

    // "Top up the partner balance" leads to the Balance and operations tab.
    await dialog.getByTestId('partner-quote-short').getByRole('button').click();
    await gone(dialog);
    await page.waitForURL((url) => url.searchParams.get('tab') === 'balance');
    await seen(page.getByTestId('partner-ops-empty'));
    // The tab survives a reload.
    await page.reload();
    await seen(page.getByTestId('partner-ops-empty'));

    // Top-up by card on the fake T-Bank page.
    const topUp = page.getByRole('form', { name: 'Пополнить партнёрский баланс' });
    await topUp.getByLabel('Сумма, rub').fill('2000');
    expect(await topUp.getByText('Сохранить карту').count()).toBe(0);
    await topUp.getByLabel(/Я принимаю условия оплаты/).check();
    await topUp.getByRole('button', { name: 'Перейти к оплате' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${tbank.url}/new/`));
    await seen(page.locator('.amount').getByText('2 000,00 ₽'));
    await page.getByRole('button', { name: 'Оплатить' }).click();
    // Back on the partner cabinet's balance tab, told the payment went through.
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/partner');
    await seen(page.getByTestId('payment-succeeded').getByText(/2\s000,00/));
    await seen(page.getByTestId('partner-balance').getByText(rub(200_000)));
    await seen(
      page
        .getByTestId('partner-op-row')
        .filter({ hasText: 'Пополнение' })
        .getByText(`+${rub(200_000)}`),
    );
    await seen(page.getByTestId('transactions').getByTestId('transaction-row'));

    // Paying now: the price first, then one payment however often Pay is pressed.
    await page.getByTestId('partner-tab-clients').click();
    await row.getByTestId('partner-client-pay').click();
    await page.getByTestId('partner-client-pay-subscription').click();
    dialog = page.getByRole('dialog', { name: 'Оплатить подписку: Салон «Лотос»' });
    await dialog.getByLabel('Добавить бота или интеграцию').click();
    await page.getByRole('option', { name: 'Боты', exact: true }).click();
    await seen(dialog.getByTestId('partner-quote').getByText(rub(200_000), { exact: true }));
    const pay = dialog.getByRole('button', { name: `Оплатить ${rub(priced.total_minor)}` });
    await seen(pay);
    await pay.dblclick();
    await gone(dialog);
    await seen(
      page.getByText(`Оплачено ${rub(priced.total_minor)} с партнёрского баланса за «Салон «Лотос»»`),
    );
    const left = 200_000 - priced.total_minor;
    await seen(page.getByTestId('partner-balance').getByText(rub(left)));

    // The client's subscription end in the list.
    const listed = (await apiCall(server, 'GET', '/api/partner/clients', undefined, partner.token)) as {
      clients: { subscription_expires_at: string | null }[];
    };
    const expires = listed.clients[0]?.subscription_expires_at;
    expect(expires).toBeTruthy();
    await seen(row.getByTestId('partner-client-subscription').getByText(formatDate(expires as string, 'ru')));

    // The operation, once, filtered by its kind and by the client.
    await page.getByTestId('partner-tab-balance').click();
    const paid = page.getByTestId('partner-op-row').filter({ hasText: 'Оплата подписки клиента' });
    await seen(paid);
    expect(await paid.count()).toBe(1);
    expect(await paid.innerText()).toContain('Салон «Лотос»');
    expect(await paid.getByTestId('partner-op-amount').innerText()).toBe(`−${rub(priced.total_minor)}`);
    await page.getByTestId('partner-ops-kind').click();
    await page.getByRole('option', { name: 'Оплата подписки клиента' }).click();
    await gone(page.getByTestId('partner-op-row').filter({ hasText: 'Пополнение' }).first());
    await seen(paid);
    await page.getByTestId('partner-ops-kind').click();
    await page.getByRole('option', { name: 'Бонус Wazzup' }).click();
    await seen(page.getByText('Ничего не нашли'));

    // Inside the client's account the subscription is active on its Balance screen.
    await page.getByTestId('partner-tab-clients').click();
    await row.getByTestId('partner-client-enter').click();
    await atPath(page, '/bots');
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Баланс' }).click();
    await atPath(page, '/balance');
    const active = page.getByTestId('subscription-card').and(page.locator('[data-status="active"]'));
    await seen(active);
    await seen(active.getByTestId('subscription-expiry').getByText(formatDate(expires as string, 'ru')));
    await page.getByTestId('nav-partner-account').click();
    await atPath(page, '/partner');
    await context.close();
  });

  it('makes, edits, copies and deletes a referral link; shows the earnings and the statuses', async () => {
    const { context, page } = await newRussianPage(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithToken(page, partner, '/partner?tab=links');
    await seen(page.getByTestId('partner-links-empty'));

    await page.getByTestId('partner-link-create').click();
    let form = page.getByRole('form', { name: 'Новая реферальная ссылка' });
    await form.getByTestId('partner-link-save').click();
    await seen(form.getByText('Необходимо заполнить название'));
    await form.getByLabel('Название').fill('Вебинар');
    await form.getByTestId('partner-link-utm-toggle').click();
    await form.getByLabel('utm_source').fill('не латиница');
    await form.getByTestId('partner-link-save').click();
    await seen(form.getByText(/Только латинские буквы/));
    await form.getByLabel('utm_source').fill('webinar');
    await form.getByLabel('utm_campaign').fill('march-2025');
    await form.getByTestId('partner-link-save').click();
    await gone(form);
    const link = page.getByTestId('partner-link-row').filter({ hasText: 'Вебинар' });
    await seen(link);
    const url = await link.getByTestId('partner-link-url').innerText();
    expect(url).toContain('/signup?ref_id=');
    expect(url).toContain('utm_source=webinar');
    expect(await link.getByTestId('partner-link-registrations').innerText()).toBe('0');
    await link.getByTestId('partner-link-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    await link.getByTestId('partner-link-edit').click();
    form = page.getByRole('form', { name: 'Изменить ссылку' });
    await form.getByLabel('Название').fill('Вебинар в марте');
    await form.getByTestId('partner-link-save').click();
    await gone(form);
    const renamed = page.getByTestId('partner-link-row').filter({ hasText: 'Вебинар в марте' });
    await seen(renamed);

    await renamed.getByTestId('partner-link-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Удалить ссылку?' });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await gone(confirm);
    await seen(page.getByTestId('partner-links-empty'));

    await page.getByTestId('partner-tab-earnings').click();
    await page.waitForURL((address) => address.searchParams.get('tab') === 'earnings');
    const statuses = await seen(page.getByTestId('partner-statuses'));
    expect(await statuses.locator('[data-current]').innerText()).toContain('Партнёр');
    await seen(statuses.getByText('Интегратор'));
    await seen(page.getByTestId('partner-wazzup-bonus').getByText(rub(100_000)));
    await page.getByTestId('partner-earnings-by').getByText('По клиентам').click();
    await seen(
      page
        .getByTestId('partner-earnings')
        .locator('[data-testid="partner-earnings-empty"], [data-testid="partner-earnings-table"]'),
    );
    await context.close();
  });

  describe('lays out every tab and dialog at 1440 and 390 px in ru and en', () => {
    beforeAll(async () => {
      await apiCall(
        server,
        'POST',
        '/api/partner/referral-links',
        { name: 'Blog', utm: { source: 'blog' } },
        partner.token,
      );
    });
    const visible = (page: Page, testId: RegExp) => seen(page.getByTestId(testId).locator('visible=true'));
    const openPayMenu = async (page: Page, item: string) => {
      await (await visible(page, /^partner-client-(row|card)$/))
        .first()
        .getByTestId('partner-client-pay')
        .locator('visible=true')
        .click();
      await page.getByTestId(item).click();
    };
    const shots: [string, string, (page: Page) => Promise<unknown>][] = [
      ['/partner', 'partner-money-clients', (page) => visible(page, /^partner-client-(row|card)$/)],
      ['/partner?tab=balance', 'partner-money-balance', (page) => visible(page, /^partner-op-(row|card)$/)],
      ['/partner?tab=links', 'partner-money-links', (page) => visible(page, /^partner-link-(row|card)$/)],
      [
        '/partner?tab=earnings',
        'partner-money-earnings',
        (page) => seen(page.getByTestId('partner-statuses-card')),
      ],
      [
        '/partner',
        'partner-money-pay-dialog',
        async (page) => {
          await openPayMenu(page, 'partner-client-pay-subscription');
          const dialog = await seen(page.getByRole('dialog'));
          await dialog.locator('input[aria-haspopup="listbox"]').click();
          await page.getByRole('option').first().click();
          await seen(dialog.getByTestId('partner-quote'));
          await settled(page);
        },
      ],
      [
        '/partner',
        'partner-money-top-up-dialog',
        async (page) => {
          await openPayMenu(page, 'partner-client-top-up');
          const dialog = await seen(page.getByRole('dialog'));
          await dialog.locator('input').first().fill('1000');
          await seen(dialog.getByTestId('partner-quote'));
          await settled(page);
        },
      ],
      [
        '/partner?tab=links',
        'partner-money-link-dialog',
        async (page) => {
          await (await visible(page, /^partner-link-(row|card)$/))
            .first()
            .getByTestId('partner-link-edit')
            .click();
          await seen(page.getByRole('dialog').getByLabel('utm_source'));
          await settled(page);
        },
      ],
    ];
    // One test per screen: each takes four screenshots, and all of them in one test outlast its timeout on CI.
    for (const [path, name, ready] of shots)
      it(name, async () => {
        const who = { browser, server, token: partner.token };
        expect(await shootEveryLanguageAndWidth(who, path, name, ready)).toEqual([]);
      });
  });
  it('tops up a client’s balance, pays one of its unpaid subscriptions, and explains a client in another currency', async () => {
    // The layout test left the account in English.
    await apiCall(server, 'POST', '/api/profile', { lang: 'ru' }, partner.token);
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, partner, '/partner');
    const row = page.getByTestId('partner-client-row').filter({ hasText: 'Салон «Лотос»' });
    await seen(row);
    const before = await row.getByTestId('partner-client-balance').innerText();

    // A top-up of the client: its amount, the partner's discounted price, paid once.
    await row.getByTestId('partner-client-pay').click();
    await page.getByTestId('partner-client-top-up').click();
    let dialog = page.getByRole('dialog', { name: 'Пополнить баланс: Салон «Лотос»' });
    await dialog.getByLabel('Сумма, rub').fill('100');
    await seen(dialog.getByTestId('partner-quote').getByText(`−${rub(1_000)}`));
    await dialog.getByRole('button', { name: `Оплатить ${rub(9_000)}` }).click();
    await gone(dialog);
    await seen(
      row
        .getByTestId('partner-client-balance')
        .getByText(rub(Number.parseInt(before.replace(/\D/g, ''), 10) + 10_000)),
    );

    // The client leaves a subscription unpaid (its balance falls short); the partner pays exactly that one.
    const session = (await apiCall(
      server,
      'POST',
      `/api/partner/clients/${clientId}/session`,
      undefined,
      partner.token,
    )) as {
      token: string;
    };
    const refused = await fetch(`${server.url}/api/subscription/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ items: [{ kind: 'telegram', quantity: 2 }], term: '1m' }),
    });
    expect(refused.status).toBe(402);
    const { subscription_id: unpaidId } = (await refused.json()) as { subscription_id: string };
    await row.getByTestId('partner-client-pay').click();
    await page.getByTestId('partner-client-pay-subscription').click();
    dialog = page.getByRole('dialog', { name: 'Оплатить подписку: Салон «Лотос»' });
    const choice = dialog.getByTestId('partner-unpaid-subscription');
    await seen(choice);
    expect(await dialog.getByRole('radio', { checked: true }).getAttribute('value')).toBe(unpaidId);
    const priced = (await apiCall(
      server,
      'POST',
      `/api/partner/clients/${clientId}/quote`,
      { subscription_id: unpaidId },
      partner.token,
    )) as {
      total_minor: number;
    };
    await dialog.getByRole('button', { name: `Оплатить ${rub(priced.total_minor)}` }).click();
    await gone(dialog);
    const subscriptions = (await apiCall(
      server,
      'GET',
      `/api/partner/clients/${clientId}/subscriptions`,
      undefined,
      partner.token,
    )) as {
      items: { id: string; paid: boolean }[];
    };
    expect(subscriptions.items.find((one) => one.id === unpaidId)?.paid).toBe(true);

    // A client in dollars cannot be paid for from a rouble partner balance: the server's reason, Pay off.
    await apiCall(
      server,
      'POST',
      '/api/partner/clients',
      { name: 'Dollar Diner', email: `diner-${Date.now()}@example.com`, currency: 'usd' },
      partner.token,
    );
    await page.reload();
    const diner = page.getByTestId('partner-client-row').filter({ hasText: 'Dollar Diner' });
    await diner.getByTestId('partner-client-pay').click();
    await page.getByTestId('partner-client-top-up').click();
    dialog = page.getByRole('dialog', { name: 'Пополнить баланс: Dollar Diner' });
    await dialog.getByLabel('Сумма, usd').fill('20');
    await seen(dialog.getByTestId('server-error').getByText(/партнёрский баланс в/));
    expect(await dialog.getByTestId('partner-pay-submit').isDisabled()).toBe(true);
    await context.close();
  });
});
