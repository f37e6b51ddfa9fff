/**
 * Draws the README's screenshot (docs/images/chats.png): the Chats screen at 1440 px in Russian,
 * with a website chat the bot has answered. It starts the embedded shape the way the e2e tests do
 * (a fake model, `npm start` on a free port, Debian's Chromium); not part of any test suite.
 * Run under the shared start lock: `flock /tmp/npm-start.lock npx tsx scripts/docs-screenshot.ts`.
 */
import { instantBotOn, readyAccount } from '../tests/e2e/support/account';
import { launchBrowser } from '../tests/e2e/support/browser';
import { openDirectly } from '../tests/e2e/support/screens';
import { seen } from '../tests/e2e/support/ui';
import { connectedWidget, widgetVisitor } from '../tests/e2e/support/widget-visitor';
import { startFakeOpenAi } from '../tests/fakes/openai';
import { startFreshServer } from '../tests/support/local-server';

const SHOP = 'https://shop.example.com';
const KEY = 'sk-docs-screenshot-0123456789';
const OUT = new URL('../docs/images/chats.png', import.meta.url).pathname;

/** Each visitor's message and the bot's scripted answer, oldest first. */
const DIALOGUES = [
  [
    'Можно записаться на стрижку в субботу?',
    'Здравствуйте! В субботу свободно в 11:00 и 15:30. Какое время удобнее?',
  ],
  [
    'Сколько стоит доставка в Казань?',
    'Доставка в Казань — 390 ₽, от 3 000 ₽ бесплатно. Привезём за 2–3 дня.',
  ],
  ['Есть ли худи размера M?', 'Здравствуйте! Размер M есть в наличии: чёрный и серый. Оформить заказ?'],
] as const;

const llm = await startFakeOpenAi({ apiKey: KEY });
const server = await startFreshServer({ LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: KEY });
const browser = await launchBrowser();
try {
  const account = await readyAccount(server, 'docs');
  const widgetId = await connectedWidget(server, account.token, ['shop.example.com']);
  await instantBotOn(server, account, widgetId, {
    name: 'Консультант',
    systemPrompt: 'Ты консультант интернет-магазина.',
  });
  for (const [question, answer] of DIALOGUES) {
    llm.queue({ kind: 'text', text: answer });
    const visitor = await widgetVisitor(server, widgetId, SHOP);
    if ((await visitor.write(question)) !== 202) throw new Error(`the visitor could not write “${question}”`);
    for (let tries = 0; (await visitor.reads()).length < 2; tries += 1) {
      if (tries > 100) throw new Error(`no answer to “${question}”`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const opened = await openDirectly({ browser, server, token: account.token }, '/chats', { width: 1440 });
  await opened.page.getByTestId('chat-item').first().click();
  await seen(opened.page.getByTestId('chat-message-bot').first());
  await opened.page.waitForLoadState('networkidle');
  await opened.page.screenshot({ path: OUT });
  await opened.close();
  console.log(`Saved ${OUT}`);
} finally {
  await browser.close();
  await server.stop();
  await llm.close();
}
