import { describe, expect, it } from 'vitest';
import { apiCall, signInWithToken } from './support/account';
import { newRussianPage } from './support/browser';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

const stage = stageWithLlm('rex');

const PROPOSAL = {
  summary: 'Бот-администратор, который записывает клиентов на стрижки',
  changes: {
    name: 'Администратор «Ромашки»',
    system_prompt:
      'Ты администратор салона красоты «Ромашка». Отвечай коротко, вежливо, записывай на стрижки.',
    goal_prompt: 'Записать клиента на стрижку',
    custom_variables: [{ name: 'client_phone', description: 'Телефон клиента' }],
  },
};

describe('Rex in the browser', () => {
  it('creates a bot by dialogue and opens it in the editor with no problems', async () => {
    const { page } = await newRussianPage(stage.browser, stage.server.url);
    await signInWithToken(page, stage.account, '/ai_assistant');
    await seen(page.getByTestId('rex-history-empty'));
    await page.getByRole('button', { name: 'Создать нового бота' }).click();
    await seen(page.getByText('Расскажите Rex, чем занимается ваш бизнес', { exact: false }));

    stage.llm.queue({ kind: 'text', text: 'Чем занимается ваш бизнес и что должен делать бот?' });
    const box = page.getByRole('textbox', { name: 'Сообщение для Rex' });
    await box.fill('Хочу бота для салона');
    await box.press('Enter');
    await seen(page.getByTestId('rex-message-assistant').getByText('Чем занимается ваш бизнес'));
    await seen(page.getByTestId('rex-price').first());

    stage.llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'propose_bot_settings', arguments: PROPOSAL }] },
      { kind: 'text', text: 'Вот что я предлагаю. Применить?' },
    );
    await box.fill('Салон красоты «Ромашка», записываем на стрижки');
    await box.press('Enter');
    const proposal = page.getByTestId('rex-proposal');
    await seen(proposal.getByText('Ждёт решения'));
    await seen(proposal.getByText('Администратор «Ромашки»'));
    expect(await proposal.getByTestId('rex-change').count()).toBe(4);
    const dialogId = new URL(page.url()).searchParams.get('dialog');
    expect(dialogId).toMatch(/^[0-9a-f-]{36}$/);

    const problems = await shootEveryLanguageAndWidth(
      { ...stage, token: stage.account.token },
      `/ai_assistant?dialog=${dialogId}`,
      'rex-proposal',
      (shot) => seen(shot.getByTestId('rex-proposal')),
    );
    expect(problems).toEqual([]);
    await apiCall(stage.server, 'POST', '/api/profile', { lang: 'ru' }, stage.account.token);

    await page.reload();
    await page.getByTestId('rex-proposal').getByRole('button', { name: 'Применить' }).click();
    await page.waitForURL((url) => /^\/bots\/[0-9a-f-]{36}$/.test(url.pathname));
    await seen(page.getByRole('heading', { name: 'Администратор «Ромашки»' }));
    await seen(page.getByText('Все изменения сохранены'));
    expect(await page.getByTestId('bot-problems').count()).toBe(0);

    await page.goto(`/ai_assistant?dialog=${dialogId}`);
    await seen(page.getByTestId('rex-proposal').getByText('Применено'));
    await seen(page.getByRole('link', { name: 'Открыть бота в редакторе' }));
    await seen(page.getByTestId('rex-dialog-item').getByText('Новый бот'));
  });
});
