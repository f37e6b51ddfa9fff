import { describe, expect, it } from 'vitest';
import { type FakeAvito, type FakeAvitoAccount, startFakeAvito } from '../fakes/avito';
import { instantBotOn, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

const ANSWER = 'Здравствуйте! Да, машина ещё продаётся, посмотреть можно в субботу.';
const CHAT = 'u2i-e2e~Mazda3';

let avito: FakeAvito;
let account: FakeAvitoAccount;

const stage = stageWithLlm('pyotr', async () => {
  avito = await startFakeAvito();
  account = avito.addAccount({ name: 'Авто у Петровича' });
  return { env: { AVITO_API_ROOT: avito.url }, close: () => avito.close() };
});

/** Waits until `check` holds (the server's jobs and Avito's deliveries run on their own). */
async function eventually(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting: ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('Avito through npm start', () => {
  it('connects with the keys, answers a buyer once, names the chat and pauses for a manager', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/avito');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/avito\/[0-9a-f-]{36}$/.test(url.pathname));
    const integrationId = new URL(page.url()).pathname.split('/').at(-1) as string;

    const settings = page.getByTestId('avito-settings');
    // A wrong secret: saved, but connecting fails with the §8 text and nothing is subscribed.
    await settings.getByLabel('Client ID').fill(account.clientId);
    await settings.getByLabel('Client Secret').fill('W'.repeat(40));
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Ключи сохранены. Нажмите «Подключить»'));
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    await seen(page.getByText('Подключение не удалось, повторите попытку'));
    expect(account.subscriptions).toEqual([]);

    await settings.getByLabel('Client ID').fill(account.clientId);
    await settings.getByLabel('Client Secret').fill(account.clientSecret);
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    await seen(page.getByRole('status').getByText('Интеграция успешно подключена'));
    await seen(settings.getByTestId('avito-account').getByText('Аккаунт Авито: Авто у Петровича'));
    expect(account.subscriptions).toHaveLength(1);
    expect(account.subscriptions[0]).toContain(`/api/webhooks/avito/${integrationId}?secret=`);

    await instantBotOn(stage.server, stage.account, integrationId, {
      name: 'Продавец',
      systemPrompt: 'Ты продаёшь автомобиль на Авито.',
    });
    stage.llm.queue({ kind: 'text', text: ANSWER });
    const [written] = await avito.customerWrites(account, CHAT, 'Здравствуйте, ещё актуально?', {
      customerName: 'Ирина',
    });
    expect(written?.status).toBe(200);
    const [again] = written ? await avito.redeliver(written) : [];
    expect(again?.status).toBe(200);
    await eventually(() => avito.sentTo(CHAT).length === 1, 'the answer sent through Avito');
    await avito.settled();

    // A manager answers in Avito's app: the bot stops in that chat.
    const [manager] = await avito.managerWrites(account, CHAT, 'Ирина, это Пётр, позвоню вам.');
    expect(manager?.status).toBe(200);
    const [thanks] = await avito.customerWrites(account, CHAT, 'Спасибо, жду звонка');
    expect(thanks?.status).toBe(200);

    await page.goto('/chats');
    const item = page.getByTestId('chat-item').filter({ hasText: 'Ирина' });
    await seen(item);
    await seen(item.getByText('На паузе'));
    await item.click();
    const dialogue = page.getByTestId('chat-messages');
    await seen(dialogue.getByTestId('chat-message-bot').getByText(ANSWER));
    await seen(dialogue.getByTestId('chat-message-operator').getByText('Ирина, это Пётр, позвоню вам.'));
    await seen(dialogue.getByText('Спасибо, жду звонка'));
    await new Promise((done) => setTimeout(done, 1_500));
    expect(avito.sentTo(CHAT)).toEqual([ANSWER]);
    expect(stage.llm.bodies).toHaveLength(1);
    await context.close();

    const problems = await shootEveryLanguageAndWidth(
      { ...stage, token: stage.account.token },
      `/integrations/avito/${integrationId}`,
      'avito-settings',
      (shot) => seen(shot.getByTestId('avito-account')),
    );
    expect(problems).toEqual([]);
  });
});
