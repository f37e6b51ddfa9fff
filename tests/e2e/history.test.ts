import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { type Account, apiCall, readyAccount } from './support/account';
import { launchBrowser } from './support/browser';
import { isoDayFromToday, pickDay, shownDay } from './support/dates';
import { atPath, gone, seen } from './support/ui';

const QUESTION = 'Есть доставка?';

let server: LocalServer;
let browser: Browser;
let account: Account;

beforeAll(async () => {
  server = await startFreshServer();
  browser = await launchBrowser();
  account = await readyAccount(server, 'irina');
  // One entry in the history, today: a message in Check to a bot that is off (refused, logged).
  const bot = (await apiCall(
    server,
    'POST',
    '/api/bot',
    { name: 'Консультант', system_prompt: 'Ты консультант.' },
    account.token,
  )) as { id: string };
  await apiCall(server, 'POST', '/api/check/messages', { bot_id: bot.id, text: QUESTION }, account.token);
  for (let attempt = 0; attempt < 100; attempt++) {
    const history = (await apiCall(server, 'GET', '/api/history', undefined, account.token)) as {
      total: number;
    };
    if (history.total > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the Check message did not reach the history');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A browser whose own language is English, signed in, opening `path`: the app's language decides. */
async function openInEnglishBrowser(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  await context.addInitScript((token) => window.localStorage.setItem('token', token), account.token);
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

const filter = (page: Page, lang: 'ru' | 'en' = 'ru') =>
  page.getByRole('form', { name: lang === 'ru' ? 'Фильтр истории' : 'History filter' });

describe('the History date filter', () => {
  it('shows the dates as DD.MM.YYYY in a Russian app and MM/DD/YYYY in an English one, whatever the browser speaks', async () => {
    const { context, page } = await openInEnglishBrowser('/history?from=2026-11-01&to=2026-11-05');
    const form = filter(page);
    await seen(form);
    // A native date input would show the browser's mm/dd/yyyy: the fields are the app's pickers.
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    expect(await form.getByLabel('С', { exact: true }).textContent()).toBe('01.11.2026');
    expect(await form.getByLabel('По', { exact: true }).textContent()).toBe('05.11.2026');
    await seen(page.getByTestId('history-period').getByText('Период: 01.11.2026 — 05.11.2026'));
    // The calendar speaks Russian and starts the week on Monday.
    await form.getByLabel('С', { exact: true }).click();
    await seen(page.getByText('Ноябрь 2026'));
    const weekdays = await page.locator('.mantine-DatePickerInput-weekday').allInnerTexts();
    expect(weekdays).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
    await page.keyboard.press('Escape');
    await context.close();

    await apiCall(server, 'POST', '/api/profile', { lang: 'en' }, account.token);
    try {
      const english = await openInEnglishBrowser('/history?from=2026-11-01&to=2026-11-05');
      const form = filter(english.page, 'en');
      await seen(form);
      expect(await form.getByLabel('From', { exact: true }).textContent()).toBe('11/01/2026');
      expect(await form.getByLabel('To', { exact: true }).textContent()).toBe('11/05/2026');
      await form.getByLabel('From', { exact: true }).click();
      await seen(english.page.getByText('November 2026'));
      const weekdays = await english.page.locator('.mantine-DatePickerInput-weekday').allInnerTexts();
      expect(weekdays).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
      await english.context.close();
    } finally {
      await apiCall(server, 'POST', '/api/profile', { lang: 'ru' }, account.token);
    }
  });

  it('filters by days picked in the calendar, sends them as YYYY-MM-DD, and clears a bound', async () => {
    const today = isoDayFromToday();
    const yesterday = isoDayFromToday(-1);
    const { context, page } = await openInEnglishBrowser('/history');
    const form = filter(page);
    const from = form.getByLabel('С', { exact: true });
    const to = form.getByLabel('По', { exact: true });
    const row = page.getByTestId('history-row').filter({ hasText: QUESTION });
    await seen(row);
    // Without a range in the address: the last 30 days.
    expect(await from.textContent()).toBe(shownDay(isoDayFromToday(-29)));
    expect(await to.textContent()).toBe(shownDay(today));

    // Up to yesterday: today's entry is out.
    await pickDay(page, to, yesterday);
    expect(await to.textContent()).toBe(shownDay(yesterday));
    const asked = page.waitForRequest((request) => request.url().includes('/api/history?'));
    await form.getByRole('button', { name: 'Применить' }).click();
    const query = new URL((await asked).url()).searchParams;
    expect(query.get('from')).toBe(isoDayFromToday(-29));
    expect(query.get('to')).toBe(yesterday);
    await seen(page.getByTestId('history-empty'));
    expect(new URL(page.url()).searchParams.get('to')).toBe(yesterday);

    // No lower bound, up to today: the entry is back and the period is open at its start.
    await form.getByRole('button', { name: 'Очистить поле «С»' }).click();
    expect(await from.textContent()).toBe('ДД.ММ.ГГГГ');
    await pickDay(page, to, today);
    await form.getByRole('button', { name: 'Применить' }).click();
    await seen(row);
    expect(new URL(page.url()).searchParams.get('from')).toBe('');
    await seen(page.getByTestId('history-period').getByText(`Период: … — ${shownDay(today)}`));
    // Reloaded, the address keeps the open bound.
    await page.reload();
    await seen(row);
    expect(await from.textContent()).toBe('ДД.ММ.ГГГГ');
    await context.close();
  });

  it('refuses a "to" day before the "from" day until it is fixed', async () => {
    const { context, page } = await openInEnglishBrowser('/history?from=2026-11-05&to=2026-11-01');
    await atPath(page, '/history');
    const form = filter(page);
    // The server refuses the range from the address with its own message; the field says it too.
    const refusal = page
      .getByRole('dialog')
      .filter({ hasText: 'Дата начала не может быть позже даты окончания' });
    await seen(refusal);
    await refusal.getByRole('button', { name: 'Отмена' }).click();
    await gone(refusal);
    await seen(form.getByText('Дата «по» раньше даты «с»'));
    const apply = form.getByRole('button', { name: 'Применить' });
    expect(await apply.isDisabled()).toBe(true);
    // The calendar of "to" offers no day before "from".
    await form.getByLabel('По', { exact: true }).click();
    expect(await page.getByRole('button', { name: '4 ноября 2026', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: '7 ноября 2026', exact: true }).click();
    expect(await form.getByLabel('По', { exact: true }).textContent()).toBe('07.11.2026');
    await gone(form.getByText('Дата «по» раньше даты «с»'));
    await apply.click();
    expect(new URL(page.url()).searchParams.get('to')).toBe('2026-11-07');
    await seen(page.getByTestId('history-period').getByText('Период: 05.11.2026 — 07.11.2026'));
    await context.close();
  });
});
