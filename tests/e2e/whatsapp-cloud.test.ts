import { describe, expect, it } from 'vitest';
import { type FakeWhatsAppCloud, startFakeWhatsAppCloud } from '../fakes/whatsapp-cloud';
import { instantBotOn, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

const ANSWER = 'Здравствуйте! Завтра свободно в 10:00.';
const CUSTOMER = '79161234567';

let meta: FakeWhatsAppCloud;

const stage = stageWithLlm('vera', async () => {
  meta = await startFakeWhatsAppCloud();
  return { env: { WHATSAPP_API_ROOT: meta.url }, close: () => meta.close() };
});

async function eventually(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting: ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('WhatsApp Business Platform in the browser', () => {
  it('connects the owner’s Meta app, passes Meta’s handshake, answers a customer and stops for the Business app', async () => {
    const business = meta.addBusiness();
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/whatsapp');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/whatsapp\/[0-9a-f-]{36}$/.test(url.pathname));
    const integrationId = new URL(page.url()).pathname.split('/').at(-1) as string;

    const settings = page.getByTestId('whatsapp-settings');
    await seen(settings.getByText('Адрес вебхука и токен подтверждения появятся здесь после подключения.'));
    await settings.getByTestId('whatsapp-phone-number-id').fill(business.phoneNumberId);
    await settings.getByTestId('whatsapp-waba-id').fill(business.wabaId);
    await settings.getByTestId('whatsapp-access-token').fill(business.token);
    await settings.getByTestId('whatsapp-app-secret').fill(business.appSecret);
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Сохранено. Нажмите «Подключить».'));
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    await seen(page.getByRole('status').getByText('Интеграция успешно подключена'));
    expect(business.subscribed).toBe(true);

    // The owner copies the two values into Meta's dashboard; Meta checks them with its GET.
    const url = (await settings.getByTestId('whatsapp-callback-url').textContent()) ?? '';
    const token = (await settings.getByTestId('whatsapp-verify-token').textContent()) ?? '';
    expect(url).toBe(`${stage.server.url}/api/webhooks/whatsapp/${integrationId}`);
    await seen(settings.getByText('Ждём проверки адреса от Meta'));
    expect(await meta.configureWebhook(business, url, token)).toBe(true);
    await page.reload();
    await seen(page.getByTestId('whatsapp-webhook-state').getByText('Meta проверила адрес'));
    await seen(page.getByTestId('whatsapp-number').getByText(`Номер WhatsApp: +${business.display}`));

    await instantBotOn(stage.server, stage.account, integrationId, {
      name: 'Администратор',
      systemPrompt: 'Ты администратор салона.',
    });
    stage.llm.queue({ kind: 'text', text: ANSWER });
    const written = await meta.customerWrites(
      business,
      { waId: CUSTOMER, name: 'Вера Котова' },
      'Можно записаться на завтра?',
    );
    expect(written?.status).toBe(200);
    await eventually(() => meta.sentTo(CUSTOMER).length === 1, 'the answer sent through the Cloud API');
    expect(meta.sentTo(CUSTOMER)).toEqual([ANSWER]);

    // The owner answers from the WhatsApp Business app on the same number: the bot stops there.
    expect(
      (await meta.ownerWritesInApp(business, CUSTOMER, 'Вера, это Мария, запишу вас сама.'))?.status,
    ).toBe(200);
    expect(
      (await meta.customerWrites(business, { waId: CUSTOMER, name: 'Вера Котова' }, 'Спасибо'))?.status,
    ).toBe(200);
    await page.goto('/chats');
    const item = page.getByTestId('chat-item').filter({ hasText: 'Вера Котова' });
    await seen(item.getByText('На паузе'));
    await new Promise((done) => setTimeout(done, 1_500));
    expect(meta.sentTo(CUSTOMER)).toEqual([ANSWER]);
    await context.close();

    const problems = await shootEveryLanguageAndWidth(
      { ...stage, token: stage.account.token },
      `/integrations/whatsapp/${integrationId}`,
      'whatsapp-settings',
      (shot) => seen(shot.getByTestId('whatsapp-webhook-state')),
    );
    expect(problems).toEqual([]);
  });
});
