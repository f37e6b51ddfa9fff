import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH } from '../../functions/shared/api-docs';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { readyAccount, signInWithToken } from './support/account';
import { launchBrowser, newRussianPage } from './support/browser';
import { atPath, gone, seen, stored } from './support/ui';

const SUPPORT_URL = 'https://t.me/botbuilder_support';
const NEWS_URL = 'https://news.example.com/botbuilder';

let server: LocalServer;
let browser: Browser;

beforeAll(async () => {
  // DOCS_URL is left unset: its item opens the installation's API reference.
  server = await startFreshServer({ SUPPORT_URL, NEWS_URL });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tourOf = (page: Page) => page.getByRole('dialog', { name: 'Давайте познакомимся' });

/** The bot list has rendered, and the tour (a lazy chunk) has had time to appear if it were going to. */
async function settledOnBots(page: Page) {
  await seen(page.getByRole('heading', { name: 'Ботов пока нет' }));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

describe('the signed-in shell', () => {
  it('keeps the onboarding tour put off after "later" through reloads, and asks again at the next sign-in', async () => {
    const account = await readyAccount(server, 'tour', { tour: false });
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/bots');
    const tour = tourOf(page);
    await seen(tour);
    await tour.getByRole('button', { name: 'Позже' }).click();
    await gone(tour);

    await page.reload();
    await settledOnBots(page);
    expect(await tour.count()).toBe(0);
    await page.goto('/chats');
    await page.goto('/bots');
    await settledOnBots(page);
    expect(await tour.count()).toBe(0);

    // Signing out forgets the mark; a new sign-in is a new session and the tour asks again.
    await page.getByRole('button', { name: 'Выйти' }).click();
    await atPath(page, '/signin');
    expect(await stored(page, 'tour-deferred-for')).toBeNull();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Пароль', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await seen(tour);
    // Closing it with the cross is "later" too.
    await tour.getByRole('button', { name: 'Закрыть' }).click();
    await gone(tour);
    await page.reload();
    await settledOnBots(page);
    expect(await tour.count()).toBe(0);
    await context.close();
  });

  it('answers /bots/{id} for a bot not in the list with the unknown-error message, not an editor', async () => {
    const account = await readyAccount(server, 'nobot');
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/bots/00000000-0000-4000-8000-000000000000');
    const notFound = page.getByTestId('bot-not-found');
    await seen(notFound.getByText('Произошла неизвестная ошибка'));
    expect(await page.getByTestId('bot-footer').count()).toBe(0);
    expect(await page.getByRole('tab').count()).toBe(0);
    await notFound.getByRole('link', { name: 'К списку ботов' }).click();
    await atPath(page, '/bots');
    await context.close();
  });

  it('links Support and News to the addresses configured at run time, and Documentation without DOCS_URL to the API reference', async () => {
    const account = await readyAccount(server, 'links');
    const { context, page } = await newRussianPage(browser, server.url);
    await signInWithToken(page, account, '/bots');
    const support = page.getByRole('link', { name: 'Поддержка' });
    await seen(support);
    expect(await support.getAttribute('href')).toBe(SUPPORT_URL);
    expect(await support.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'Новости' }).getAttribute('href')).toBe(NEWS_URL);
    const docs = page.getByRole('link', { name: 'Документация' });
    await seen(docs);
    expect(await docs.getAttribute('href')).toBe(API_DOCS_PATH);
    expect(await page.getByTestId('nav-docs').getByText('Ссылка появится позже').count()).toBe(0);
    expect(await page.getByTestId('nav-support').getByText('Ссылка появится позже').count()).toBe(0);
    await context.close();
  });
});
