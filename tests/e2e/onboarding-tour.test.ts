import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, readyAccount, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageServerAndBrowser } from './support/stage';
import { gone, seen } from './support/ui';

/**
 * The onboarding tour (SPEC §1, §2; issue #21 §8): the five questions, then a short walk over the
 * main places, a card per sidebar item; finished or skipped, it is remembered in the profile.
 */

const stage = stageServerAndBrowser();

const PLACES = ['Мои боты', 'Проверка', 'Интеграции', 'Чаты', 'Баланс'];

const walkOf = (page: Page) => page.getByTestId('tour-walk');

async function answerQuestions(page: Page) {
  const tour = page.getByRole('dialog', { name: 'Давайте познакомимся' });
  await seen(tour);
  await tour.getByLabel('Поддержка клиентов').check();
  await tour.getByRole('button', { name: 'Далее' }).click();
  await tour.getByLabel('Клиент — подключаю ботов для своего бизнеса').check();
  await tour.getByRole('button', { name: 'Далее' }).click();
  await tour.getByLabel('В какой сфере ваш бизнес?').selectOption('beauty');
  await tour.getByRole('button', { name: 'Далее' }).click();
  await tour.getByLabel('Уже использую AI в работе').check();
  await tour.getByRole('button', { name: 'Далее' }).click();
  await tour.getByLabel('1–3').check();
  await tour.getByRole('button', { name: 'Готово' }).click();
  await gone(tour);
}

/** The card stands beside (or, on a phone, under) its sidebar item, inside the window. */
async function pointsAt(page: Page, place: string) {
  const card = await seen(page.getByRole('dialog', { name: place }));
  const item = page
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: place, exact: true });
  const [cardBox, itemBox, width] = await Promise.all([
    card.boundingBox(),
    item.boundingBox(),
    page.evaluate(() => window.innerWidth),
  ]);
  if (!cardBox || !itemBox) throw new Error(`${place}: not on screen`);
  expect(cardBox.x).toBeGreaterThanOrEqual(0);
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(width);
  if (width >= 768) expect(cardBox.x).toBeGreaterThanOrEqual(itemBox.x + itemBox.width);
  else expect(cardBox.y).toBeGreaterThanOrEqual(itemBox.y + itemBox.height - 1);
  return card;
}

async function settled(page: Page) {
  await seen(page.getByRole('heading', { name: 'Ботов пока нет' }));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

const profileOf = async (token: string) =>
  (await apiCall(stage.server, 'GET', '/api/profile', undefined, token)) as { tour_walk: string | null };

describe('the onboarding tour', () => {
  it('a new account answers the questions, walks over the main places by mouse and keyboard, and after a reload sees no tour', async () => {
    const account = await readyAccount(stage.server, 'walker', { tour: false });
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, account, '/bots');
    await answerQuestions(page);

    let card = await pointsAt(page, PLACES[0] as string);
    await seen(card.getByText('Шаг 1 из 5'));
    expect(await card.getByRole('button', { name: 'Назад' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Далее' }).click();
    card = await pointsAt(page, 'Проверка');
    await card.getByRole('button', { name: 'Назад' }).click();
    card = await pointsAt(page, 'Мои боты');
    // The main button has the focus: Enter goes on.
    await page.keyboard.press('Enter');
    card = await pointsAt(page, 'Проверка');
    await card.getByRole('button', { name: 'Далее' }).click();
    card = await pointsAt(page, 'Интеграции');
    await card.getByRole('button', { name: 'Далее' }).click();
    card = await pointsAt(page, 'Чаты');
    await card.getByRole('button', { name: 'Далее' }).click();
    card = await pointsAt(page, 'Баланс');
    await seen(card.getByText('Шаг 5 из 5'));
    expect((await profileOf(account.token)).tour_walk).toBe('due');
    await card.getByRole('button', { name: 'Готово' }).click();
    await gone(walkOf(page));
    expect((await profileOf(account.token)).tour_walk).toBe('finished');

    await page.reload();
    await settled(page);
    expect(await walkOf(page).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('on a phone opens the sidebar drawer for the walk; a reload in the middle keeps it, Skip ends it for good', async () => {
    const account = await readyAccount(stage.server, 'phone', { tour: false });
    const context = await stage.browser.newContext({
      baseURL: stage.server.url,
      locale: 'ru-RU',
      viewport: { width: 390, height: 844 },
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signInWithToken(page, account, '/bots');
    await answerQuestions(page);
    let card = await pointsAt(page, 'Мои боты');
    await card.getByRole('button', { name: 'Далее' }).click();
    await pointsAt(page, 'Проверка');

    await page.reload();
    card = await pointsAt(page, 'Мои боты');
    await card.getByRole('button', { name: 'Пропустить' }).click();
    await gone(walkOf(page));
    // The drawer is closed again: the burger offers to open it.
    await seen(page.getByRole('button', { name: 'Открыть меню' }));
    expect((await profileOf(account.token)).tour_walk).toBe('skipped');
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await walkOf(page).count()).toBe(0);
    await context.close();
  });

  it('shows a step of the walk at 1440 and 390 pixels in Russian and English', async () => {
    const account = await readyAccount(stage.server, 'shots', { tour: false });
    await apiCall(
      stage.server,
      'POST',
      '/api/helpers/tour',
      { fields: { usage_plan: 'sales', role: 'client', ai_experience: 'uses', sales_staff: '1-3' } },
      account.token,
    );
    const problems = await shootEveryLanguageAndWidth(
      { browser: stage.browser, server: stage.server, token: account.token },
      '/bots',
      'tour-walk',
      async (page) => {
        const card = await seen(walkOf(page));
        await card.getByRole('button', { name: /^(Далее|Next)$/ }).click();
        await seen(page.locator('[data-testid="tour-walk"][data-step="check"]'));
        await page.waitForTimeout(400);
      },
    );
    expect(problems).toEqual([]);
    expect(readFileSync(`${process.cwd()}/tests/.tmp/screens/tour-walk-390-en.png`).length).toBeGreaterThan(
      0,
    );
  });
});
