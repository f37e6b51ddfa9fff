import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type FakeCalendly, startFakeCalendly } from '../fakes/calendly';
import { apiCall, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

/**
 * Calendly connected on its consent page through the real `npm start` server (issue #22 §2 "and
 * OAuth where configured"): the owner presses «Подключить через Calendly», allows access on
 * Calendly's page (the fake's) and lands back on the integration, connected with its event types.
 */

const CLIENT = { id: 'calendly-e2e-client', secret: 'calendly-e2e-secret-0123456789abcdef' };
let calendly: FakeCalendly;

const stage = stageWithLlm('kalina', async () => {
  calendly = await startFakeCalendly({ oauthClient: CLIENT });
  return {
    env: {
      CALENDLY_API_ROOT: calendly.url,
      CALENDLY_AUTH_ROOT: calendly.url,
      CALENDLY_CLIENT_ID: CLIENT.id,
      CALENDLY_CLIENT_SECRET: CLIENT.secret,
      ALLOW_PRIVATE_ADDRESSES: 'true',
    },
    close: () => calendly.close(),
  };
});

/** Every language and width of a screen; the account is left in Russian for the next step. */
async function shoot(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  const who = { browser: stage.browser, server: stage.server, token: stage.account.token };
  try {
    return await shootEveryLanguageAndWidth(who, path, name, ready);
  } finally {
    await apiCall(stage.server, 'POST', '/api/profile', { lang: 'ru' }, stage.account.token);
  }
}

describe('Calendly: connecting on its consent page', () => {
  it('connects through Calendly’s consent and comes back to the connected integration', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/calendly');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/calendly\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').at(-1) as string;
    const settings = page.getByTestId('calendly-settings');
    // The token form stays beside the consent.
    await seen(settings.getByLabel('Персональный токен доступа'));
    await seen(settings.getByText('Войдите в Calendly и разрешите доступ', { exact: false }));

    // A return that failed (here: a spent or foreign state) is explained on the page.
    const problems = await shoot(`/integrations/calendly/${id}?calendly_error=state`, 'calendly-oauth', (p) =>
      Promise.all([
        seen(p.getByRole('button', { name: /Подключить через Calendly|Connect with Calendly/ })),
        seen(p.getByTestId('calendly-consent-error')),
      ]),
    );
    expect(problems).toEqual([]);

    await settings.getByRole('button', { name: 'Подключить через Calendly' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${calendly.url}/oauth/authorize`));
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === `/integrations/calendly/${id}`);
    await seen(settings.getByTestId('calendly-user').getByText('Анна Петрова'));
    await seen(settings.getByTestId('calendly-auth').getByText('Вход через Calendly'));
    await seen(settings.getByTestId('calendly-event-types').getByText('Консультация'));
    expect(calendly.oauth.tokenCalls).toEqual([{ grant_type: 'authorization_code', status: 200 }]);
    await context.close();

    const connected = await shoot(`/integrations/calendly/${id}`, 'calendly-oauth-connected', (p) =>
      seen(p.getByTestId('calendly-auth')),
    );
    expect(connected).toEqual([]);
  });
});
