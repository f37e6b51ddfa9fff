import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, readyAccount, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

const stage = stageWithLlm('limits');

interface BotInfo {
  id: string;
  spend_limit_reached: boolean;
  conditions: Record<string, unknown>;
}

async function createBot(token: string, body: Record<string, unknown>): Promise<string> {
  const { id } = (await apiCall(
    stage.server,
    'POST',
    '/api/bot',
    {
      model: 'gpt-4o-mini',
      system_prompt: 'Ты вежливый администратор салона.',
      goal_prompt: 'Записать клиента',
      process_scheme: 'instant',
      ...body,
    },
    token,
  )) as { id: string };
  await apiCall(stage.server, 'PATCH', `/api/bot/${id}`, { is_work: true }, token);
  return id;
}

const botsOf = async (token: string) =>
  (await apiCall(stage.server, 'GET', '/api/bot', undefined, token)) as BotInfo[];

/** The editor's tab `name`, scrolled to the section `section`. */
async function openSection(page: Page, tab: RegExp, section: RegExp) {
  await page.getByRole('tab', { name: tab }).click();
  const region = page.getByRole('region', { name: section });
  await seen(region);
  await region.scrollIntoViewIfNeeded();
}

describe('a bot’s limits in the browser', () => {
  it('edits the spend limit, the operator wait and the maximum wait, and lists a bot that reached its limit', async () => {
    const owner = await readyAccount(stage.server, 'limits-owner');
    // One bot that spent its limit of one kopeck on one answer in Check.
    const spent = await createBot(owner.token, {
      name: 'Экономный бот',
      conditions: { channels: ['check'], daily_spend_limit_minor: 1 },
    });
    stage.llm.queue({ kind: 'text', text: 'Здравствуйте!' });
    await apiCall(
      stage.server,
      'POST',
      '/api/check/messages',
      { bot_id: spent, text: 'Привет' },
      owner.token,
    );
    await expect
      .poll(async () => (await botsOf(owner.token)).find((bot) => bot.id === spent)?.spend_limit_reached, {
        timeout: 15_000,
      })
      .toBe(true);
    const edited = await createBot(owner.token, {
      name: 'Бот с ограничениями',
      process_scheme: 'accumulation',
      conditions: { channels: ['check'], daily_spend_limit_minor: 50_000 },
    });

    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, owner, '/bots');
    await seen(page.getByText('Дневной лимит исчерпан: бот не отвечает до завтра').first());
    await seen(page.getByText('Сегодня потрачено 0,00 rub из 500,00 rub').first());

    await page.goto(`/bots/${edited}`);
    await openSection(page, /^Условия срабатывания/, /^Дневной лимит расходов$/);
    const limit = page.getByLabel('Лимит в день, rub');
    await limit.fill('0');
    await seen(page.getByText('Введите сумму больше нуля'));
    await limit.fill('123,45');
    await page.getByLabel('Отвечать, только если оператор не ответил').check({ force: true });
    await page.getByLabel('Сколько минут ждать оператора').fill('15');
    await openSection(page, /^Автоматизация/, /^Обработка сообщений$/);
    await page.getByLabel('Ограничить общее ожидание').check({ force: true });
    await page.getByLabel('Не дольше, секунд').fill('300');
    await page.getByTestId('bot-footer').getByRole('button', { name: 'Сохранить' }).click();
    await seen(page.getByText('Все изменения сохранены'));
    const saved = (await botsOf(owner.token)).find((bot) => bot.id === edited);
    expect(saved?.conditions).toMatchObject({
      daily_spend_limit_minor: 12_345,
      waiting_response_minutes: 15,
      accumulation_max_seconds: 300,
    });
    await context.close();

    const who = { browser: stage.browser, server: stage.server, token: owner.token };
    const problems = [
      ...(await shootEveryLanguageAndWidth(who, '/bots', 'bot-list-spend', (p) =>
        seen(p.locator('[data-testid="bot-spend-limit-reached"]:visible')),
      )),
      ...(await shootEveryLanguageAndWidth(who, `/bots/${edited}`, 'bot-conditions-limits', (p) =>
        openSection(
          p,
          /^(Условия срабатывания|Trigger conditions)/,
          /^(Дневной лимит расходов|Daily spend limit)$/,
        ),
      )),
      ...(await shootEveryLanguageAndWidth(who, `/bots/${edited}`, 'bot-automation-max-wait', (p) =>
        openSection(p, /^(Автоматизация|Automation)/, /^(Обработка сообщений|Message processing)$/),
      )),
    ];
    expect(problems).toEqual([]);
  });
});
