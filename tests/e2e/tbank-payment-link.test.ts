import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type FakeTbank, startFakeTbank } from '../fakes/tbank';
import { apiCall, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { atPath, seen } from './support/ui';

/**
 * The T-Bank payment link through the real `npm start` server (issue #24 §3): the owner connects
 * the business's terminal on the integration page, the bot's action sends a link in the Check
 * dialogue, the customer pays on T-Bank's form (the fake's), and the notification marks the
 * dialogue «Оплачено».
 */

const TERMINAL = { terminalKey: '1700000000042DEMO', password: 'e2eXk29fhQ0aPw' };
let bank: FakeTbank;

const stage = stageWithLlm('tbank', async () => {
  bank = await startFakeTbank({ terminals: [TERMINAL], retryIntervalMs: 100, maxAttempts: 3 });
  return { env: { TBANK_API_ROOT: bank.url }, close: () => bank.close() };
});

const who = () => ({ browser: stage.browser, server: stage.server, token: stage.account.token });
const call = (method: string, path: string, body?: unknown) =>
  apiCall(stage.server, method, path, body, stage.account.token);

/** Every language and width of a screen; the account is left in Russian. */
async function shoot(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  try {
    return await shootEveryLanguageAndWidth(who(), path, name, ready);
  } finally {
    await call('POST', '/api/profile', { lang: 'ru' });
  }
}

describe('T-Bank payment link in the browser', () => {
  it('connects the terminal, sends a link in the dialogue, and marks it paid once the customer pays', async () => {
    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/integrations/tbank');
    await page.getByRole('button', { name: 'Добавить аккаунт' }).click();
    await page.waitForURL((url) => /^\/integrations\/tbank\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').at(-1) as string;
    const settings = page.getByTestId('tbank-settings');

    await settings.getByTestId('tbank-save').click();
    await seen(settings.getByText('Укажите ключ терминала'));
    await seen(settings.getByText('Укажите название товара или услуги'));

    // The taxation T-Bank no longer takes is listed, but cannot be chosen.
    await settings.getByTestId('tbank-taxation').click();
    await seen(page.getByRole('option', { name: 'ЕНВД — Т-Банк больше не принимает' }));
    await page.getByRole('option', { name: 'ОСН — общая' }).click();

    await settings.getByTestId('tbank-terminal-key').fill(TERMINAL.terminalKey);
    await settings.getByTestId('tbank-password').fill('wrong-password');
    await settings.getByTestId('tbank-product-name').fill('Консультация');
    await settings.getByTestId('tbank-amount').fill('1500');
    await settings.getByTestId('tbank-shop-name').fill('Ромашка');
    await settings.getByTestId('tbank-save').click();
    await seen(page.getByText('Настройки сохранены. Теперь нажмите «Подключить».'));
    await page.getByRole('button', { name: 'Подключить', exact: true }).click();
    await seen(page.getByText('Подключение не удалось, повторите попытку'));

    await settings.getByTestId('tbank-password').fill(TERMINAL.password);
    await settings.getByTestId('tbank-save').click();
    await seen(page.getByText('Настройки сохранены', { exact: false }).first());
    await page
      .getByRole('button', { name: /^Подключить/ })
      .first()
      .click();
    await seen(settings.getByTestId('tbank-connected'));
    const [check] = bank.payments;
    expect(check).toMatchObject({ amount: 150_000, status: 'CANCELED' });
    expect(check?.receipt).toMatchObject({ Taxation: 'osn' });
    await context.close();

    const shown = await shoot(`/integrations/tbank/${id}`, 'tbank-settings', (p) =>
      seen(p.getByTestId('tbank-connected')),
    );
    expect(shown).toEqual([]);

    const { id: botId } = (await call('POST', '/api/bot', {
      name: 'Администратор',
      model: 'gpt-4o-mini',
      system_prompt: 'Ты администратор. Когда клиент согласен оплатить консультацию, отправь ссылку.',
      goal_prompt: 'Продать консультацию',
      process_scheme: 'instant',
      conditions: { channels: ['check'] },
      actions_enable: true,
      actions: [
        {
          name: 'Оплата консультации',
          description: 'Отправляет клиенту ссылку на оплату',
          goal_prompt: 'Когда клиент согласен оплатить',
          type: 'payment_link',
          settings: { integration_id: id, amount_override: true, min_amount: 100_000, max_amount: 300_000 },
        },
      ],
    })) as { id: string };
    const action = await shoot(`/bots/${botId}`, 'tbank-payment-link-action', async (p) => {
      await p.getByRole('tab').nth(3).click();
      await seen(p.getByTestId('payment-link-override'));
      // The payment integration is offered to the action, and chosen.
      await p.waitForFunction(() =>
        [...document.querySelectorAll('input')].some((input) => ['Т-Банк', 'T-Bank'].includes(input.value)),
      );
      // Moving the deal once paid offers the account's CRMs: none here, so an offer to connect one.
      await p.getByTestId('payment-link-move-deal').click({ force: true });
      await seen(p.getByRole('link', { name: /Подключить|Connect/ }).first());
    });
    expect(action).toEqual([]);
    await call('PATCH', `/api/bot/${botId}`, { is_work: true });

    stage.llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'payment_link_1', arguments: {} }] },
      { kind: 'text', text: 'Отправляю ссылку на оплату консультации.' },
    );
    const chat = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(chat.page, stage.account, '/check');
    await atPath(chat.page, '/check');
    const message = chat.page.getByRole('textbox', { name: 'Сообщение' });
    await message.fill('Да, оплачу');
    await message.press('Enter');
    const reply = await seen(
      chat.page.getByTestId('check-message-bot').filter({ hasText: 'Отправляю ссылку' }),
      60_000,
    );
    const link = bank.payments.find((payment) => !payment.orderId.startsWith('check-'));
    expect(link).toMatchObject({ amount: 150_000, status: 'NEW' });
    expect(await reply.textContent()).toContain(link?.paymentUrl);

    // The customer pays on T-Bank's form; its notification reaches the server and marks the dialogue.
    const form = await chat.page.context().newPage();
    await form.goto(link?.paymentUrl ?? '');
    await form.getByRole('button', { name: 'Оплатить' }).click();
    await form.close();
    expect(bank.deliveriesOf(link?.paymentId ?? '').at(-1)?.attempts[0]).toMatchObject({
      status: 200,
      answer: 'OK',
    });
    // The Check screen follows the account's room: the line shows up without a reload.
    await seen(
      chat.page
        .getByTestId('check-system-message')
        .filter({ hasText: 'Оплачено: 1500.00 ₽ за «Консультация» (Т-Банк)' }),
    );
    await chat.context.close();
  });
});
