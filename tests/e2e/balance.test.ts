import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDadata, startFakeDadata } from '../fakes/dadata';
import { type FakeTbank, startFakeTbank } from '../fakes/tbank';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { SBERBANK_REQUISITES } from '../support/requisites';
import { type Account, apiCall, readyAccount, signInWithToken } from './support/account';
import { launchBrowser, newRussianPage } from './support/browser';
import { isoDayFromToday, pickDay, shownDay } from './support/dates';
import { balanceOf, paidTopUp, TBANK_TERMINAL, tbankEnv } from './support/payments';
import { shootEveryLanguageAndWidth } from './support/screens';
import { atPath, gone, seen } from './support/ui';

/** Our company on the invoices (a valid set of details: control digits and all). */
const SELLER = { ...SBERBANK_REQUISITES, name: 'ООО «Конструктор ботов»', vat_rate: null };

let tbank: FakeTbank;
let dadata: FakeDadata;
let server: LocalServer;
let browser: Browser;
const scratch = mkdtempSync(join(tmpdir(), 'balance-e2e-'));

beforeAll(async () => {
  tbank = await startFakeTbank({ terminals: [TBANK_TERMINAL] });
  dadata = await startFakeDadata();
  server = await startFreshServer({
    ...tbankEnv(tbank),
    INVOICE_SELLER: JSON.stringify(SELLER),
    DADATA_API_KEY: dadata.apiKey,
    DADATA_API_ROOT: dadata.apiRoot,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tbank?.close();
  await dadata?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A press at the element's centre held for `holdMs` before the release, as a busy machine delivers it. */
async function slowPress(page: Page, target: Locator, holdMs = 150): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the element has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(holdMs);
  await page.mouse.up();
}

/** An account whose welcome credit (100 rub) is on the balance: the first balance read grants it. */
async function accountWithCredit(name: string): Promise<Account> {
  const account = await readyAccount(server, name);
  await apiCall(server, 'GET', '/api/balance', undefined, account.token);
  return account;
}

/** On the fake T-Bank payment page: checks the amount, presses a button, comes back to /balance. */
async function onPaymentPage(page: Page, amount: string, button: 'Оплатить' | 'Отказаться') {
  await page.waitForURL((url) => url.href.startsWith(`${tbank.url}/new/`));
  await seen(page.locator('.amount').getByText(amount));
  await page.getByRole('button', { name: button }).click();
  await atPath(page, '/balance');
}

const topUpForm = (page: Page) => page.getByRole('form', { name: 'Пополнить баланс' });

async function startTopUp(page: Page, amount: string, options: { saveCard?: boolean } = {}) {
  const form = topUpForm(page);
  await form.getByLabel('Сумма, rub').fill(amount);
  if (options.saveCard)
    await form.getByLabel('Сохранить карту для автоматического продления подписок').check();
  await form.getByLabel(/Я принимаю условия оплаты/).check();
  await form.getByRole('button', { name: 'Перейти к оплате' }).click();
}

describe('the Balance screen in the browser', () => {
  it('tops the balance up through the T-Bank payment page, saves the card, and says when a payment fails', async () => {
    const account = await accountWithCredit('anna');
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/balance');
    await seen(page.getByTestId('balance-total').getByText('100,00 rub'));
    await seen(page.getByTestId('balance-minimum').getByText('не меньше 50,00 rub'));
    await seen(page.getByTestId('transactions-empty').getByText('Операций пока нет'));

    // The payment terms must be accepted before anything is sent.
    const form = topUpForm(page);
    await form.getByLabel('Сумма, rub').fill('1500');
    await form.getByLabel('Сохранить карту для автоматического продления подписок').check();
    await form.getByRole('button', { name: 'Перейти к оплате' }).click();
    await seen(form.getByText('Необходимо согласиться с условиями оплаты'));
    expect(tbank.callsOf('Init')).toHaveLength(0);

    await form.getByLabel(/Я принимаю условия оплаты/).check();
    await form.getByRole('button', { name: 'Перейти к оплате' }).click();
    await onPaymentPage(page, '1 500,00 ₽', 'Оплатить');

    // Back on /balance: the notice, the new balance, the paid transaction, the saved card.
    await seen(page.getByTestId('payment-succeeded').getByText('Баланс пополнен на 1 500,00 rub.'));
    expect(new URL(page.url()).search).toBe('');
    await seen(page.getByTestId('balance-total').getByText('1 600,00 rub'));
    const paid = page.getByTestId('transaction-row').filter({ hasText: 'Пополнение' });
    await seen(paid.getByText('Оплачено'));
    await seen(paid.getByText('+1 500,00 rub'));
    await seen(page.getByTestId('recurrent-payment').getByText('220138******0013'));
    expect(await balanceOf(server, account)).toBe(160_000);
    const init = tbank.callsOf('Init')[0];
    expect(init?.params).toMatchObject({ Amount: 150_000, Recurrent: 'Y' });

    // A refusal on the payment page: the failure notice, and the payment stays "not paid" with why.
    await startTopUp(page, '200');
    await onPaymentPage(page, '200,00 ₽', 'Отказаться');
    await seen(page.getByTestId('payment-failed').getByText('Оплата не прошла'));
    const failed = page.getByTestId('transaction-row').filter({ hasText: '200,00 rub' });
    await seen(failed.getByText('Не оплачено'));
    await seen(failed.getByText(/Покупатель отказался от оплаты/));
    await seen(page.getByTestId('balance-total').getByText('1 600,00 rub'));

    // The saved card is cancelled after confirming.
    await page.getByRole('button', { name: 'Отключить автоплатёж с карты 220138******0013' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отключить' }).click();
    await seen(page.getByTestId('recurrent-empty'));
    expect(await apiCall(server, 'GET', '/api/recurrent_payments', undefined, account.token)).toEqual([]);
    await context.close();
  });

  it('builds a subscription in the constructor, buys it from the balance, and pays the shortfall of a bigger one by card', async () => {
    const account = await accountWithCredit('boris');
    await paidTopUp(server, tbank, account, 200_000);
    const { context, page } = await newRussianPage(browser, server.url);
    // The subscription suggestion links here with the kind to add.
    await signInWithToken(page, account, '/balance?subscribe=bots');
    const builder = page.getByTestId('subscription-builder');
    await seen(builder.getByText('Боты', { exact: true }));
    expect(await builder.getByLabel('Количество: Боты').inputValue()).toBe('1');
    await seen(builder.getByTestId('subscription-quote').getByText('990,00 rub').first());
    await builder.getByRole('button', { name: 'Оформить за 990,00 rub' }).click();
    await seen(page.getByText('Подписка оформлена'));
    const bought = page.getByTestId('subscription-card').filter({ hasText: 'Подписка на 1 месяц' });
    await seen(bought.getByText('Активна'));
    await seen(bought.getByText('занято 0 из 1, свободно 1'));
    await seen(page.getByTestId('balance-total').getByText('1 110,00 rub'));
    await seen(
      page.getByTestId('transaction-row').filter({ hasText: 'Оплата подписки' }).getByText('−990,00 rub'),
    );

    // Two bots and a Telegram for three months: more than the balance holds.
    await builder.getByLabel('Добавить бота или интеграцию').click();
    await page.getByRole('option', { name: 'Боты', exact: true }).click();
    await builder.getByLabel('Количество: Боты').fill('2');
    await builder.getByLabel('Добавить бота или интеграцию').click();
    await page.getByRole('option', { name: 'Telegram', exact: true }).click();
    await builder.getByText('3 месяца').click();
    const quote = builder.getByTestId('subscription-quote');
    // 2 × 990 × 3 + 490 × 3 = 7 410, less 5 % = 7 039,50.
    await seen(quote.getByText('Скидка 5%'));
    await seen(quote.getByText('−370,50 rub'));
    await seen(quote.getByText('7 039,50 rub'));
    await seen(quote.getByText('5 929,50 rub'));
    await builder.getByRole('button', { name: 'Оформить за 7 039,50 rub' }).click();

    // The balance is short: the subscription waits unpaid, and the top-up of what is missing pays it.
    const shortfall = builder.getByTestId('subscription-shortfall');
    await seen(shortfall.getByText('Недостаточно средств на балансе: не хватает 5 929,50 rub'));
    const waiting = page.getByTestId('subscription-card').filter({ hasText: 'Подписка на 3 месяца' });
    await seen(waiting.getByText('Не оплачена'));
    await shortfall.getByRole('button', { name: 'Пополнить на 5 929,50 rub' }).click();
    await onPaymentPage(page, '5 929,50 ₽', 'Оплатить');
    await seen(page.getByTestId('payment-succeeded').getByText('Баланс пополнен на 5 929,50 rub.'));
    const active = page.getByTestId('subscription-card').filter({ hasText: 'Подписка на 3 месяца' });
    await seen(active.getByText('Активна'));
    await seen(active.getByText('занято 0 из 2, свободно 2'));
    await seen(active.getByText('Telegram'));
    await seen(page.getByTestId('balance-total').getByText('0,00 rub'));
    await seen(
      page.getByTestId('transaction-row').filter({ hasText: 'Оплата подписки' }).getByText('−7 039,50 rub'),
    );
    const listed = (await apiCall(server, 'GET', '/api/subscription', undefined, account.token)) as {
      status: string;
      price_minor: number;
    }[];
    expect(listed.filter((one) => one.status === 'active').map((one) => one.price_minor)).toEqual(
      expect.arrayContaining([99_000, 703_950]),
    );
    await context.close();
  });

  it('shows the critical-balance banner while subscriptions outrun the balance, and drops it after a top-up', async () => {
    const account = await accountWithCredit('vera');
    // 100 rub of welcome credit and 890 rub paid: a month of one bot (990 rub) leaves nothing.
    await paidTopUp(server, tbank, account, 89_000);
    await apiCall(
      server,
      'POST',
      '/api/subscription/new',
      { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
      account.token,
    );
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/bots');
    const banner = page.getByTestId('critical-balance-banner');
    await seen(banner.getByText('Баланс ниже минимального'));
    await seen(banner.getByText(/на балансе 0,00 rub, а нужно не меньше 50,00 rub/));

    await banner.getByRole('link', { name: 'Пополнить баланс' }).click();
    await atPath(page, '/balance');
    // The Balance screen says it in the balance card instead of the banner.
    await seen(page.getByTestId('balance-critical').getByText('Баланс ниже минимального'));
    expect(await page.getByTestId('critical-balance-banner').count()).toBe(0);
    await startTopUp(page, '100');
    await onPaymentPage(page, '100,00 ₽', 'Оплатить');
    await seen(page.getByTestId('balance-total').getByText('100,00 rub'));
    await gone(page.getByTestId('balance-critical'));
    // Back on another screen, the banner is gone with the condition.
    await page.getByRole('link', { name: 'Мои боты' }).click();
    await atPath(page, '/bots');
    await seen(page.getByRole('heading', { name: 'Мои боты' }));
    expect(await page.getByTestId('critical-balance-banner').count()).toBe(0);
    await context.close();
  });

  it('warns of a subscription ending within 14 days until it is renewed', async () => {
    const account = await accountWithCredit('gleb');
    await paidTopUp(server, tbank, account, 100_000);
    await apiCall(
      server,
      'POST',
      '/api/subscription/new',
      { items: [{ kind: 'onchat', quantity: 1 }], term: '7d' },
      account.token,
    );
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/bots');
    const banner = page.getByTestId('expiring-banner');
    await seen(banner.getByText('Подписка скоро закончится'));
    await seen(banner.getByText(/осталось 7 дней/));
    await banner.getByRole('link', { name: 'Продлить подписку' }).click();
    await atPath(page, '/balance');

    const week = page.getByTestId('subscription-card').filter({ hasText: 'Подписка на 7 дней' });
    await seen(week.getByText('Онлайн-чат на сайте'));
    await week.getByRole('button', { name: 'Продлить' }).click();
    await seen(page.getByText('Подписка продлена'));
    await seen(
      page
        .getByTestId('subscription-card')
        .filter({ hasText: 'Продление на 7 дней' })
        .getByText('Оплачена заранее'),
    );
    await gone(page.getByTestId('expiring-banner'));
    await context.close();
  });

  it("offers a subscription when switching a bot on finds no free place, and still lists a bot's problems", async () => {
    const account = await accountWithCredit('egor');
    const ready = (await apiCall(
      server,
      'POST',
      '/api/bot',
      { name: 'Консультант', system_prompt: 'Ты консультант.', goal_prompt: 'Помочь клиенту' },
      account.token,
    )) as { id: string };
    await apiCall(server, 'POST', '/api/bot', { name: 'Без промпта', system_prompt: '' }, account.token);
    const { context, page } = await newRussianPage(browser, server.url);
    // A new account's demo covers everything, so the server's 402 (tests/api) is played back here:
    // the answer the switch gets when no running subscription has a free place for one more bot.
    await page.route(`**/api/bot/${ready.id}`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 402,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'Нет свободного места в подписке: боты. Оформите подписку, чтобы продолжить',
              code: 'subscription_required',
              suggestion: { kind: 'bots', quantity: 1 },
            }),
          })
        : route.continue(),
    );
    await signInWithToken(page, account, '/bots');

    // The server's own refusal of a bot with problems is still a notification listing them.
    await page.getByRole('switch', { name: 'Бот «Без промпта» работает' }).click({ force: true });
    await seen(page.getByText('Бота нельзя включить: исправьте проблемы в настройках'));
    await seen(page.getByText('Заполните системный промпт'));
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('switch', { name: 'Бот «Консультант» работает' }).click({ force: true });
    const offer = page.getByRole('dialog', { name: 'Нужно место в подписке' });
    await seen(offer.getByText(/Все места для ботов в ваших подписках заняты/));
    await seen(offer.getByTestId('suggested-kind').getByText('Боты — 1'));
    await offer.getByRole('button', { name: 'Подобрать подписку' }).click();
    await atPath(page, '/balance');
    const builder = page.getByTestId('subscription-builder');
    expect(await builder.getByLabel('Количество: Боты').inputValue()).toBe('1');
    await seen(builder.getByRole('button', { name: 'Оформить за 990,00 rub' }));
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('issues an invoice for a company from its INN and BIK and downloads the PDF', async () => {
    const account = await accountWithCredit('dina');
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/balance');
    const card = page.getByTestId('invoice-request');
    await card.getByRole('button', { name: 'Запросить счёт' }).click();
    const form = page.getByRole('form', { name: 'Счёт для юридического лица' });
    await seen(form.getByLabel('ИНН', { exact: true }));

    // Empty fields: the SPEC §5 message, and under the fields. Pressed as soon as the form shows and
    // held as long as on a loaded machine: the form once slid open under the pointer, the release
    // landed on a field, and nothing was sent.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/payment/invoice'));
    await slowPress(page, form.getByRole('button', { name: 'Выставить счёт' }));
    expect((await answered).status()).toBe(422);
    await seen(form.getByTestId('server-error').getByText('Необходимо заполнить все поля счета'));
    expect(await form.getByLabel('ИНН', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByText('Необходимо заполнить все поля счета').count()).toBeGreaterThan(2);

    // The INN and the BIK find the company and the bank, which fill the other fields.
    await form.getByLabel('Сумма счёта, rub').fill('1200');
    await form.getByLabel('ИНН', { exact: true }).fill('771234567859');
    await form
      .getByTestId('party-suggestions')
      .getByRole('button', { name: 'ИП Ёлкин Пётр Сергеевич' })
      .click();
    expect(await form.getByLabel('Название организации').inputValue()).toBe('ИП Ёлкин Пётр Сергеевич');
    expect(await form.getByLabel('ОГРН или ОГРНИП').inputValue()).toBe('319774600123453');
    await form.getByLabel('Совпадает с юридическим').check();
    await form.getByLabel('БИК банка').fill('044525974');
    await form.getByTestId('bank-suggestions').getByRole('button', { name: 'АО "ТБАНК"' }).click();
    expect(await form.getByLabel('Корреспондентский счёт').inputValue()).toBe('30101810145250000974');
    await form.getByLabel('Расчётный счёт').fill('40802810900001234567');

    const download = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Выставить счёт' }).click();
    const file = join(scratch, 'invoice.pdf');
    await (await download).saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Счёт на оплату № \d+/);
    expect(text).toContain('ИП Ёлкин Пётр Сергеевич');
    expect(text).toContain('771234567859');
    expect(text).toContain('ООО «Конструктор ботов»');
    expect(text).toContain('1 200,00');

    // The invoice is a "not paid" transaction with its document.
    const row = page.getByTestId('transaction-row').filter({ hasText: 'Счёт' });
    await seen(row.getByText('Не оплачено'));
    await seen(row.getByRole('button', { name: /Счёт № \d+/ }));
    const saved = (await apiCall(server, 'GET', '/api/payment/requisites', undefined, account.token)) as {
      requisites: Record<string, unknown>;
    };
    expect(saved.requisites).toMatchObject({ inn: '771234567859', bik: '044525974' });
    await context.close();
  });

  it('refuses a currency change while an invoice is unpaid, saying why on the profile; the invoice form on every width', async () => {
    const account = await accountWithCredit('gleb');
    await apiCall(
      server,
      'POST',
      '/api/payment/invoice',
      {
        amount_minor: 120_000,
        requisites: { ...SBERBANK_REQUISITES, postal_address: SBERBANK_REQUISITES.legal_address },
      },
      account.token,
    );
    const who = { browser, server, token: account.token };
    const refusal = {
      ru: 'Нельзя сменить валюту, пока есть неоплаченный счёт или действующая ссылка на оплату',
      en: 'The currency cannot be changed while an invoice or a payment link is unpaid',
    };
    const problems = await shootEveryLanguageAndWidth(
      who,
      '/profile',
      'profile-currency-refused',
      async (page) => {
        const preferences = page.getByTestId('profile-preferences');
        await preferences.locator('select').first().selectOption('usd');
        const lang = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'ru';
        await seen(preferences.getByText(refusal[lang]));
        expect(await preferences.locator('select').first().inputValue()).toBe('rub');
      },
    );
    problems.push(
      ...(await shootEveryLanguageAndWidth(who, '/balance', 'balance-invoice-form', async (page) => {
        await page.getByTestId('invoice-request').getByRole('button').first().click();
        await seen(page.getByTestId('invoice-request').locator('form button[type="submit"]'));
      })),
    );
    expect(problems).toEqual([]);
    const profile = (await apiCall(server, 'GET', '/api/profile', undefined, account.token)) as {
      currency: string;
    };
    expect(profile.currency).toBe('rub');
  });

  it('filters the transactions by days picked in the calendar, shown as DD.MM.YYYY in a Russian app on an English browser', async () => {
    const account = await accountWithCredit('fedor');
    await paidTopUp(server, tbank, account, 50_000);
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signInWithToken(page, account, '/balance');
    const filter = page.getByRole('form', { name: 'Фильтр операций' });
    const from = filter.getByLabel('С', { exact: true });
    const to = filter.getByLabel('По', { exact: true });
    const paid = page.getByTestId('transaction-row').filter({ hasText: 'Пополнение' });
    await seen(paid);
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    expect(await from.textContent()).toBe('ДД.ММ.ГГГГ');

    // From the first of this month to today: the top-up is in; the API gets YYYY-MM-DD.
    const today = isoDayFromToday();
    const firstOfMonth = `${today.slice(0, 8)}01`;
    await pickDay(page, from, firstOfMonth);
    await pickDay(page, to, today);
    expect(await from.textContent()).toBe(shownDay(firstOfMonth));
    expect(await to.textContent()).toBe(shownDay(today));
    expect(shownDay(firstOfMonth)).toMatch(/^01\.\d{2}\.\d{4}$/);
    let asked = page.waitForRequest((request) => request.url().includes('/api/transactions?'));
    await filter.getByRole('button', { name: 'Применить' }).click();
    let query = new URL((await asked).url()).searchParams;
    expect([query.get('from'), query.get('to')]).toEqual([firstOfMonth, today]);
    await seen(paid);

    // No lower bound, up to the last day of the month before: nothing.
    await filter.getByRole('button', { name: 'Очистить поле «С»' }).click();
    const lastOfPrevious = isoDayFromToday(-Number(today.slice(8)));
    await pickDay(page, to, lastOfPrevious);
    asked = page.waitForRequest((request) => request.url().includes('/api/transactions?'));
    await filter.getByRole('button', { name: 'Применить' }).click();
    query = new URL((await asked).url()).searchParams;
    expect([query.get('from'), query.get('to')]).toEqual([null, lastOfPrevious]);
    await seen(page.getByTestId('transactions-empty').getByText(/За выбранный период операций нет/));

    // Reset empties both fields and shows everything again.
    await filter.getByRole('button', { name: 'Сбросить' }).click();
    await seen(paid);
    expect(await from.textContent()).toBe('ДД.ММ.ГГГГ');
    expect(await to.textContent()).toBe('ДД.ММ.ГГГГ');
    await context.close();
  });
});
