import postgres from 'postgres';
import { apiCall } from '../e2e/support/account';
import type { FakeTelegram } from '../fakes/telegram';
import type { LocalServer } from './local-server';

/**
 * Customer traffic through a round-robin proxy in front of several `npm start` processes (the
 * many-processes test and `npm run simulate` share it): Telegram updates and widget messages as the
 * channels send them, redelivered when the proxy's process was cut off, and the database read after.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one delivery to `base` + `path`; a delivery cut off by a killed process (the proxy's 502,
 * marked `x-proxy-error`) is delivered again, as Telegram and the widget's page retry. Answers the
 * product's status.
 */
export async function deliverThroughProxy(
  base: string,
  what: string,
  path: string,
  init: RequestInit,
): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const response = await fetch(`${base}${path}`, init);
    await response.arrayBuffer();
    if (response.headers.get('x-proxy-error')) {
      await sleep(300);
      continue;
    }
    return response.status;
  }
  throw new Error(`${what}: the proxy found no process 10 times`);
}

/** A connected Telegram bot of the account: where Telegram posts its updates and with which secret. */
export interface TelegramChannel {
  integrationId: string;
  token: string;
  /** The registered webhook's path and the secret Telegram sends with each update. */
  webhookPath: string;
  secret: string;
}

export async function connectedTelegram(
  front: LocalServer,
  accountToken: string,
  telegram: FakeTelegram,
  username: string,
  title: string,
): Promise<TelegramChannel> {
  const bot = telegram.addBot(username, title);
  const { id } = (await apiCall(
    front,
    'POST',
    '/api/integrations',
    { type: 'telegram', connection_data: { token: bot.token } },
    accountToken,
  )) as { id: string };
  await apiCall(front, 'POST', `/api/integrations/connect/${id}`, undefined, accountToken);
  const webhook = telegram.webhookOf(bot.token);
  if (!webhook?.secretToken) throw new Error('no webhook registered');
  return {
    integrationId: id,
    token: bot.token,
    webhookPath: new URL(webhook.url).pathname,
    secret: webhook.secretToken,
  };
}

/** The request Telegram makes to deliver `update` to the channel's webhook. */
export const telegramDelivery = (channel: TelegramChannel, update: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': channel.secret },
  body: JSON.stringify(update),
});

/** A widget visitor named by the config endpoint through the proxy (retried while a process is down). */
export async function widgetVisitorThroughProxy(
  base: string,
  widgetId: string,
  headers: Record<string, string>,
): Promise<{ id: string; token: string }> {
  let config: Response | undefined;
  for (let attempt = 0; attempt < 10 && !config?.ok; attempt++) {
    config = await fetch(`${base}/api/widget/${widgetId}/config`, { headers });
    if (config.headers.get('x-proxy-error')) await sleep(300);
  }
  if (!config?.ok) throw new Error(`widget config answered ${config?.status}`);
  const { visitor } = (await config.json()) as { visitor: { id: string; token: string } };
  return visitor;
}

/** The request the widget's page makes to post `text` as the visitor. */
export const widgetDelivery = (
  visitor: { id: string; token: string },
  headers: Record<string, string>,
  text: string,
): RequestInit => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({
    visitor_id: visitor.id,
    visitor_token: visitor.token,
    message_id: crypto.randomUUID(),
    text,
  }),
});

/** Runs `work` with a one-connection client of the database at `url`, closed after. */
export async function withSql<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/**
 * Waits until `total` customer messages are stored, none waits for an answer and every reply is
 * delivered (a crashed run's lease ends first), then a little longer: runners poll every 250 ms,
 * so a second run of any job would show as a duplicate by then.
 */
export async function waitUntilAllAnswered(url: string, total: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await withSql(url, async (sql) => {
    for (;;) {
      const [row] = await sql<{ stored: number; waiting: number; undelivered: number }[]>`
        select
          (select count(*)::int from messages where author = 'customer') as stored,
          (select count(*)::int from messages where author = 'customer' and answered_at is null) as waiting,
          (select count(*)::int from messages where author = 'bot' and delivered_at is null) as undelivered`;
      if (row && row.stored >= total && row.waiting === 0 && row.undelivered === 0) return;
      if (Date.now() > deadline) throw new Error(`not all answered: ${JSON.stringify(row)}`);
      await sleep(1_000);
    }
  });
  await sleep(2_000);
}

/**
 * A switched-on consultant bot of the account behind `token`, answering on `channels`: at once, or
 * after gathering a customer's messages for `accumulationSeconds`.
 */
export async function consultantBot(
  front: LocalServer,
  token: string,
  channels: string[],
  accumulationSeconds: number,
): Promise<string> {
  const scheme =
    accumulationSeconds === 0
      ? { process_scheme: 'instant' }
      : { process_scheme: 'accumulation', accumulation_messages_seconds: accumulationSeconds };
  const { id } = (await apiCall(
    front,
    'POST',
    '/api/bot',
    {
      name: 'Консультант',
      model: 'gpt-4o-mini',
      system_prompt: 'Отвечай коротко.',
      goal_prompt: 'Помочь клиенту',
      conditions: { channels },
      ...scheme,
    },
    token,
  )) as { id: string };
  await apiCall(front, 'PATCH', `/api/bot/${id}`, { is_work: true }, token);
  return id;
}
