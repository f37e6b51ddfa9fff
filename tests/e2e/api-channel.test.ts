import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type FakeApiChannelClient, signBody, startFakeApiChannelClient } from '../fakes/api-channel-client';
import { apiCall, instantBotOn, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

/**
 * The API channel through the real `npm start` server (issue #24 §5): the owner sets the callback
 * URL, connects, copies the webhook URL and the secret shown once; the client system's signed
 * messages are answered at its callback URL, signed; a reply it refused is listed as a dead letter
 * and goes out again from the page's "Повторить".
 */

let client: FakeApiChannelClient;
let serverUrl = '';

const stage = stageWithLlm('apichannel', async () => {
  // The client posts to the server over real HTTP; the server is known only once it has started.
  client = await startFakeApiChannelClient((path, init) => fetch(`${serverUrl}${path}`, init));
  return { env: { ALLOW_PRIVATE_ADDRESSES: 'true' }, close: () => client.close() };
});

const who = () => ({ browser: stage.browser, server: stage.server, token: stage.account.token });

async function eventually(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting: ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function shoot(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  try {
    return await shootEveryLanguageAndWidth(who(), path, name, ready);
  } finally {
    await apiCall(stage.server, 'POST', '/api/profile', { lang: 'ru' }, stage.account.token);
  }
}

describe('API channel in the browser', () => {
  it('connects, shows the secret once, answers signed messages and retries a dead letter', async () => {
    serverUrl = stage.server.url;
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/api_channel');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/api_channel\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').at(-1) as string;
    const settings = page.getByTestId('api-channel-settings');

    await settings.getByTestId('api-channel-callback-url').fill('ftp://crm.example.com');
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(settings.getByText('Укажите адрес вида https://example.com/path'));
    // The installation allows local addresses (ALLOW_PRIVATE_ADDRESSES), so the fake's plain http is saved by the API.
    await apiCall(
      stage.server,
      'PATCH',
      `/api/integrations/${id}`,
      { connection_data: { callback_url: client.callbackUrl } },
      stage.account.token,
    );
    await page.reload();
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    await seen(page.getByRole('status').getByText('Интеграция успешно подключена'));
    const webhook = await settings.getByTestId('api-channel-webhook-url').textContent();
    expect(webhook).toBe(`${stage.server.url}/api/webhooks/api_channel/${id}`);

    await settings.getByRole('button', { name: 'Показать секрет' }).click();
    const secret = (await settings.getByTestId('api-channel-secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    client.trustSecret(id, secret);
    await page.reload();
    await seen(settings.getByText('Секрет уже был показан'));
    expect(await settings.getByTestId('api-channel-secret-value').count()).toBe(0);

    await instantBotOn(stage.server, stage.account, id, { name: 'Поддержка', systemPrompt: 'Ты поддержка.' });
    stage.llm.queue({ kind: 'text', text: 'Заказ 77 приедет завтра.' });
    const sent = await client.send(id, { chat_id: 'order-77', message_id: 'm-1', text: 'Где мой заказ?' });
    expect(sent.status).toBe(200);
    await eventually(() => client.textsTo('order-77').length === 1, 'the reply at the callback URL');
    expect(client.textsTo('order-77')).toEqual(['Заказ 77 приедет завтра.']);
    const [accepted] = client.requests.filter((request) => request.status === 200);
    expect(accepted?.headers['x-signature']).toBe(signBody(secret, accepted?.body ?? ''));
    expect(client.forged).toEqual([]);

    // The client's system refuses the next reply: a 4xx is not retried, it is a dead letter at once.
    client.answerNext({ kind: 'status', status: 422 });
    stage.llm.queue({ kind: 'text', text: 'Курьер позвонит за час.' });
    await client.send(id, { chat_id: 'order-77', message_id: 'm-2', text: 'А курьер позвонит?' });
    await eventually(() => client.requests.some((request) => request.status === 422), 'the refused reply');

    const problems = await shoot(`/integrations/api_channel/${id}`, 'api-channel-settings', (p) =>
      seen(p.getByTestId('api-channel-dead-letter')),
    );
    expect(problems).toEqual([]);

    await page.reload();
    const letter = settings.getByTestId('api-channel-dead-letter');
    await seen(letter.getByText('Причина: HTTP 422', { exact: false }));
    await letter.getByRole('button', { name: 'Повторить' }).click();
    await eventually(() => client.textsTo('order-77').length === 2, 'the retried reply');
    expect(client.textsTo('order-77')).toEqual(['Заказ 77 приедет завтра.', 'Курьер позвонит за час.']);
    await seen(settings.getByText('Недоставленных событий нет'));
    await context.close();
  });
});
