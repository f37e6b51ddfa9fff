import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  EventWebhookDeliveryList,
  EventWebhookEndpointList,
} from '../../functions/shared/event-webhooks';
import { type Account, apiCall, readyAccount, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageServerAndBrowser } from './support/stage';
import { gone, seen } from './support/ui';

/**
 * Event webhooks on the profile page through the real `npm start` server (issue #27 §3): the owner
 * adds an endpoint, sees its secret once, finds it listed (never with the secret), and the card, the
 * form, the secret and the deliveries are shot at 1440 and 390 pixels in both languages.
 */

const stage = stageServerAndBrowser();
let account: Account;

beforeAll(async () => {
  account = await readyAccount(stage.server, 'hooks');
});

const who = () => ({ browser: stage.browser, server: stage.server, token: account.token });
const card = (page: Page) => page.getByTestId('profile-event-webhooks');

async function shoot(name: string, ready: (page: Page) => Promise<unknown>) {
  try {
    return await shootEveryLanguageAndWidth(who(), '/profile', name, ready);
  } finally {
    await apiCall(stage.server, 'POST', '/api/profile', { lang: 'ru' }, account.token);
  }
}

/** Opens the add form and fills it as an owner would before saving. */
async function fillForm(page: Page, url: string) {
  await card(page).getByRole('button').first().click();
  const form = page.getByRole('dialog');
  await seen(form);
  await form.getByRole('textbox').fill(url);
  await form.getByRole('checkbox').nth(0).check();
  await form.getByRole('checkbox').nth(2).check();
  return form;
}

/** A page of deliveries as the delivering side leaves them: delivered, retried and given up. */
function deliveriesPage(): EventWebhookDeliveryList {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 9, 30) - minutes * 60_000).toISOString();
  return {
    total: 23,
    page: 1,
    pageSize: 20,
    deliveries: [
      {
        id: 'msg_2f1c',
        event: 'message.answered',
        status: 'pending',
        attempts: 2,
        lastStatus: 503,
        lastError: 'Service Unavailable',
        createdAt: at(3),
        nextAttemptAt: at(-5),
        deliveredAt: null,
      },
      {
        id: 'msg_2f1b',
        event: 'bot.stopped',
        status: 'delivered',
        attempts: 1,
        lastStatus: 200,
        lastError: null,
        createdAt: at(12),
        nextAttemptAt: null,
        deliveredAt: at(12),
      },
      {
        id: 'msg_2f1a',
        event: 'chat.created',
        status: 'failed',
        attempts: 18,
        lastStatus: null,
        lastError: 'connect ETIMEDOUT',
        createdAt: at(60 * 25),
        nextAttemptAt: null,
        deliveredAt: null,
      },
    ],
  };
}

describe('Event webhooks on the profile page', () => {
  it('adds an endpoint, shows its secret once, and lists it without the secret', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    try {
      await signInWithToken(page, account, '/profile');
      await seen(card(page).getByText('Вебхуков пока нет'));
      await card(page).getByRole('button', { name: 'Добавить адрес' }).click();
      const form = page.getByRole('dialog', { name: 'Новый вебхук событий' });
      await seen(form);
      // Nothing chosen: the form says what is missing without asking the server.
      await form.getByRole('button', { name: 'Добавить адрес' }).click();
      await seen(form.getByText('Укажите адрес, на который отправлять события'));
      await seen(form.getByText('Выберите хотя бы одно событие'));
      // An address the server may not call is refused by the server with the same words as the API channel.
      await form.getByLabel('Адрес (URL)').fill('http://hooks.example.com/events');
      await form.getByLabel(/message\.answered/).check();
      await form.getByLabel(/bot\.stopped/).check();
      await form.getByRole('button', { name: 'Добавить адрес' }).click();
      await seen(form.getByText('Укажите адрес вида https://example.com/path, доступный из интернета'));
      await form.getByLabel('Адрес (URL)').fill('https://hooks.example.com/events');
      await form.getByRole('button', { name: 'Добавить адрес' }).click();

      const shown = page.getByRole('dialog', { name: 'Вебхук добавлен' });
      await seen(shown);
      const secret = (await shown.getByTestId('event-webhook-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      await seen(shown.getByText('показывается только один раз', { exact: false }));
      await shown.getByRole('button', { name: 'Готово' }).click();
      await gone(shown);

      const row = card(page).getByTestId('event-webhook-row');
      await seen(row.getByText('https://hooks.example.com/events'));
      await seen(row.getByText('message.answered'));
      await seen(row.getByText('bot.stopped'));
      await seen(row.getByText('Включён'));

      await page.reload();
      await seen(card(page).getByText('https://hooks.example.com/events'));
      expect(await page.content()).not.toContain(secret);
      const listed = (await apiCall(
        stage.server,
        'GET',
        '/api/event-webhooks',
        undefined,
        account.token,
      )) as EventWebhookEndpointList;
      expect(listed.endpoints.map((endpoint) => endpoint.url)).toEqual(['https://hooks.example.com/events']);
      expect(JSON.stringify(listed)).not.toContain(secret);

      // Its deliveries: none yet, and the empty list says what will appear there.
      await row.getByRole('button', { name: /Отправки/ }).click();
      await seen(page.getByTestId('deliveries-empty').getByText('Отправок пока нет'));
    } finally {
      await context.close();
    }
  });

  // One test per screen: each takes four screenshots, and all of them in one test come near its timeout on CI.
  describe('looks right at 1440 and 390 pixels in ru and en', () => {
    beforeAll(async () => {
      await apiCall(
        stage.server,
        'POST',
        '/api/event-webhooks',
        {
          url: 'https://crm.example.org/hooks/botique?source=events',
          events: ['payment.succeeded', 'balance.low'],
        },
        account.token,
      );
    });

    // The card: one endpoint on, one switched off after failing for a day (as the delivering side leaves it).
    it('the card', async () => {
      expect(
        await shoot('event-webhooks-card', async (page) => {
          await page.route('**/api/event-webhooks', async (route) => {
            const answer = await route.fetch();
            const list = (await answer.json()) as EventWebhookEndpointList;
            const last = list.endpoints.at(-1);
            if (last)
              Object.assign(last, {
                enabled: false,
                failingSince: '2026-11-25T08:00:00.000Z',
                disabledAt: '2026-11-26T08:00:00.000Z',
              });
            await route.fulfill({ response: answer, json: list });
          });
          await page.reload();
          await seen(card(page).getByTestId('event-webhook-disabled'));
        }),
      ).toEqual([]);
    });
    it('the form', async () => {
      expect(
        await shoot('event-webhooks-form', async (page) => {
          await fillForm(page, 'https://hooks.example.com/events');
        }),
      ).toEqual([]);
    });
    it('the secret', async () => {
      expect(
        await shoot('event-webhooks-secret', async (page) => {
          const form = await fillForm(page, 'https://hooks.example.com/shots');
          await form.getByRole('button').last().click();
          await seen(page.getByTestId('event-webhook-secret'));
        }),
      ).toEqual([]);
    });
    it('the deliveries', async () => {
      expect(
        await shoot('event-webhooks-deliveries', async (page) => {
          await page.route('**/api/event-webhooks/*/deliveries?page=1', (route) =>
            route.fulfill({ json: deliveriesPage() }),
          );
          await card(page).getByTestId('event-webhook-row').first().getByRole('button').first().click();
          await seen(page.getByTestId('deliveries-total'));
        }),
      ).toEqual([]);
    });
  });

  it('switches an endpoint off and deletes it after confirming', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    try {
      await signInWithToken(page, account, '/profile');
      const url = 'https://crm.example.org/hooks/botique?source=events';
      await card(page)
        .getByRole('button', { name: `Изменить вебхук ${url}` })
        .click();
      const form = page.getByRole('dialog', { name: 'Вебхук событий' });
      await seen(form);
      await form.getByRole('switch', { name: 'Включён' }).uncheck();
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await gone(form);
      const row = card(page).getByTestId('event-webhook-row').filter({ hasText: url });
      await seen(row.getByText('Выключен'));

      await card(page)
        .getByRole('button', { name: `Удалить вебхук ${url}` })
        .click();
      await page
        .getByRole('dialog', { name: 'Удалить вебхук?' })
        .getByRole('button', { name: 'Удалить' })
        .click();
      await gone(row);
      const listed = (await apiCall(
        stage.server,
        'GET',
        '/api/event-webhooks',
        undefined,
        account.token,
      )) as EventWebhookEndpointList;
      expect(listed.endpoints.map((endpoint) => endpoint.url)).not.toContain(url);
    } finally {
      await context.close();
    }
  });
});
