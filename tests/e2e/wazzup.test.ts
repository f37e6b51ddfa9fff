import { describe, expect, it } from 'vitest';
import { fakeQrPng } from '../fakes/qr-png';
import { type FakeWazzup, startFakeWazzup } from '../fakes/wazzup';
import { instantBotOn, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

const ANSWER = 'Здравствуйте! Завтра свободно в 10:00 и в 12:30.';
const CUSTOMER = '79161234567';

let wazzup: FakeWazzup;

const stage = stageWithLlm('olga', async () => {
  wazzup = await startFakeWazzup();
  return { env: { WAZZUP_API_ROOT: wazzup.url }, close: () => wazzup.close() };
});

/** Waits until `check` holds (the server's jobs and Wazzup's deliveries run on their own). */
async function eventually(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting: ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

const sentTo = (chatId: string) => wazzup.sent.filter((one) => one.chatId === chatId).map((one) => one.text);

describe('Wazzup in the browser', () => {
  it('connects with the key, shows the QR live until the scan, answers WhatsApp and pauses for a manager', async () => {
    // The phone was logged out: the channel waits for a scan.
    wazzup.loggedOut();
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/wazzup');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/wazzup\/[0-9a-f-]{36}$/.test(url.pathname));
    const integrationId = new URL(page.url()).pathname.split('/').at(-1) as string;

    const settings = page.getByTestId('wazzup-settings');
    await settings.getByLabel('API-ключ Wazzup').fill(wazzup.apiKey);
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Ключ сохранён. Нажмите «Подключить»'));
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    await seen(page.getByRole('status').getByText('Интеграция успешно подключена'));
    expect(wazzup.webhooksUri).toContain(`/api/webhooks/wazzup/${integrationId}?secret=`);

    // The only WhatsApp channel was chosen; its QR flow waits for Wazzup's push.
    const channel = settings.getByLabel('Канал WhatsApp');
    await seen(channel);
    expect(await channel.inputValue()).toBe('Салон (+79990001122)');
    const qr = page.getByTestId('qr-connect');
    await seen(qr.getByText('Ждём QR-код от WhatsApp'));
    await seen(qr.getByTestId('qr-countdown').getByText(/Ждём ещё [12]:\d\d/));

    const first = fakeQrPng('first');
    const second = fakeQrPng('second');
    expect(await wazzup.channelState('qr', first)).toBe(200);
    const image = qr.getByRole('img', { name: 'QR-код для входа в WhatsApp' });
    await seen(image);
    expect(await image.getAttribute('src')).toBe(first);
    expect(await wazzup.channelState('qr', second)).toBe(200);
    await page.waitForFunction(
      (src) => document.querySelector('[data-testid="qr-image"]')?.getAttribute('src') === src,
      second,
    );

    // The phone scans it: Wazzup says the channel is active, and the page says so.
    expect(await wazzup.channelState('active')).toBe(200);
    await seen(qr.getByTestId('qr-connected').getByText('WhatsApp подключён'));
    await seen(settings.getByTestId('wazzup-channel-state').getByText('Состояние канала: работает'));

    // A bot answers in it; a WhatsApp customer writes and gets the answer.
    await instantBotOn(stage.server, stage.account, integrationId, {
      name: 'Администратор',
      systemPrompt: 'Ты администратор салона.',
    });
    stage.llm.queue({ kind: 'text', text: ANSWER });
    const written = wazzup.customerWrites(CUSTOMER, 'Можно записаться на завтра?', {
      name: 'Ольга Смирнова',
    });
    expect(await written.delivered).toBe(200);
    await eventually(() => sentTo(CUSTOMER).length === 1, 'the answer sent through Wazzup');
    expect(sentTo(CUSTOMER)).toEqual([ANSWER]);
    await wazzup.settled();

    // The manager answers from the phone: the bot stops in that chat and keeps quiet.
    expect(await wazzup.managerWrites(CUSTOMER, 'Ольга, это Мария, запишу вас сама.')).toBe(200);
    const thanks = wazzup.customerWrites(CUSTOMER, 'Спасибо, жду', { name: 'Ольга Смирнова' });
    expect(await thanks.delivered).toBe(200);

    await page.goto('/chats');
    const item = page.getByTestId('chat-item').filter({ hasText: 'Ольга Смирнова' });
    await seen(item);
    await seen(item.getByText('На паузе'));
    await item.click();
    const dialogue = page.getByTestId('chat-messages');
    await seen(dialogue.getByText('Можно записаться на завтра?'));
    await seen(dialogue.getByTestId('chat-message-bot').getByText(ANSWER));
    await seen(dialogue.getByTestId('chat-message-operator').getByText('Ольга, это Мария, запишу вас сама.'));
    await seen(dialogue.getByText('Спасибо, жду'));
    // Only the first message was answered.
    await new Promise((done) => setTimeout(done, 1_500));
    expect(sentTo(CUSTOMER)).toEqual([ANSWER]);
    expect(stage.llm.bodies).toHaveLength(1);
    await context.close();
  });
});
