import { describe, expect, it } from 'vitest';
import { INTEGRATION_CATALOGUE } from '../../functions/shared/integration-catalogue';
import { readyAccount, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageServerAndBrowser } from './support/stage';
import { seen } from './support/ui';

/**
 * The subscription constructor offers only what can be connected (issue #21 §7): bots and the
 * integration types the catalogue marks built; the types still planned (Wahelp, MessageHelp, imot.io)
 * appear when they land.
 */

const stage = stageServerAndBrowser();

const ADD = /^(Добавить бота или интеграцию|Add a bot or an integration)$/;

describe('the subscription constructor', () => {
  it('lists bots and the integrations that connect, and none that cannot be connected yet', async () => {
    const account = await readyAccount(stage.server, 'offer');
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, account, '/balance');
    const builder = page.getByTestId('subscription-builder');
    await builder.getByLabel(ADD).click();
    await seen(page.getByRole('option', { name: 'Telegram', exact: true }));
    const offered = (await page.getByRole('option').allTextContents()).map((text) => text.trim());
    expect(offered).toContain('Боты');
    for (const name of [
      'Telegram',
      'Wazzup',
      'amoCRM',
      'Битрикс24',
      'Онлайн-чат на сайте',
      'YCLIENTS',
      'Calendly',
      'Авито',
      'Т-Банк',
      'Shop-Script',
      'WhatsApp',
    ]) {
      expect(offered).toContain(name);
    }
    for (const name of ['Wahelp', 'MessageHelp', 'imot.io']) {
      expect(offered).not.toContain(name);
    }
    const built = INTEGRATION_CATALOGUE.filter((entry) => entry.built).length;
    expect(offered).toHaveLength(built + 1);
    await context.close();
  });

  it('shows the offer at 1440 and 390 pixels in Russian and English', async () => {
    const account = await readyAccount(stage.server, 'offershots');
    const problems = await shootEveryLanguageAndWidth(
      { browser: stage.browser, server: stage.server, token: account.token },
      '/balance',
      'subscription-offer',
      async (page) => {
        const builder = page.getByTestId('subscription-builder');
        await builder.getByLabel(ADD).scrollIntoViewIfNeeded();
        await builder.getByLabel(ADD).click();
        await seen(page.getByRole('option', { name: 'Telegram', exact: true }));
      },
    );
    expect(problems).toEqual([]);
  });
});
