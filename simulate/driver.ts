import { apiCall } from '../tests/e2e/support/account';
import type { FakeTelegram } from '../tests/fakes/telegram';
import type { LocalServer } from '../tests/support/local-server';
import {
  deliverThroughProxy,
  telegramDelivery,
  widgetDelivery,
  widgetVisitorThroughProxy,
} from '../tests/support/process-traffic';
import { type Random, weighted } from './random';
import { type Tenant, WIDGET_SITE } from './tenants';
import type { Conversation } from './traffic';

/** What the customers' side saw: deliveries and the product's answers to them. */
export interface DriverFigures {
  sent: number;
  /** Deliveries the product answered with a status other than 2xx, by status. */
  refusedDeliveries: Record<string, number>;
  operatorInterventions: number;
  widgetVisitors: number;
  /** Wall-clock milliseconds from the day's start to the last customer message sent. */
  sendingMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays the day: each conversation starts at its compressed time of day (`compression` simulated
 * seconds a real second) and then runs at a person's pace in real time: 0.5–4 s between the messages
 * of a batch, 5–30 s before the next batch. In an operator's conversation the owner opens the chat
 * in the inbox and writes 1–6 s after the first batch; the customer's next batch is then the
 * operator's to answer.
 */
export async function playDay(
  front: LocalServer,
  telegram: FakeTelegram,
  tenants: readonly Tenant[],
  conversations: readonly Conversation[],
  compression: number,
  random: Random,
  onMessage: (sent: number) => void,
): Promise<DriverFigures> {
  const figures: DriverFigures = {
    sent: 0,
    refusedDeliveries: {},
    operatorInterventions: 0,
    widgetVisitors: 0,
    sendingMs: 0,
  };
  const started = performance.now();
  let nextChatId = 500_000;
  const note = (status: number) => {
    if (status < 200 || status >= 300)
      figures.refusedDeliveries[status] = (figures.refusedDeliveries[status] ?? 0) + 1;
  };

  async function converse(conversation: Conversation, index: number) {
    await sleep(Math.max(0, (conversation.startSecond / compression) * 1000 - (performance.now() - started)));
    const tenant = tenants[conversation.account] as Tenant;
    const chatId = nextChatId++;
    const headers = {
      origin: `https://${WIDGET_SITE}`,
      'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    };
    const visitor =
      conversation.channel === 'onchat'
        ? await widgetVisitorThroughProxy(front.url, tenant.widgetId, headers)
        : undefined;
    if (visitor) figures.widgetVisitors++;
    for (const [batchIndex, size] of conversation.batches.entries()) {
      if (batchIndex > 0) await sleep(weighted(random, [5, 10, 20, 30], [4, 3, 2, 1]) * 1000);
      for (let m = 0; m < size; m++) {
        if (m > 0) await sleep(500 + random() * 3_500);
        const text = `Вопрос ${index}.${batchIndex}.${m} ${crypto.randomUUID().slice(0, 8)}`;
        const status = visitor
          ? await deliverThroughProxy(
              front.url,
              'widget message',
              `/api/widget/${tenant.widgetId}/messages`,
              widgetDelivery(visitor, headers, text),
            )
          : await deliverThroughProxy(
              front.url,
              'telegram update',
              tenant.telegram.webhookPath,
              telegramDelivery(tenant.telegram, telegram.userWrites(tenant.telegram.token, chatId, { text })),
            );
        note(status);
        onMessage(++figures.sent);
        figures.sendingMs = performance.now() - started;
      }
      if (conversation.operator && batchIndex === 0) {
        await sleep(1_000 + random() * 5_000);
        await operatorWrites(front, tenant, visitor?.id ?? String(chatId));
        figures.operatorInterventions++;
      }
    }
  }

  await Promise.all(conversations.map((conversation, index) => converse(conversation, index)));
  return figures;
}

/** The owner finds the chat in the inbox and writes in it (SPEC: the bot's stop logic applies). */
async function operatorWrites(front: LocalServer, tenant: Tenant, externalId: string) {
  const token = tenant.account.token;
  const found = (await apiCall(front, 'GET', `/api/chats?search=${externalId}`, undefined, token)) as {
    items: { id: string; external_id: string }[];
  };
  const chat = found.items.find((item) => item.external_id === externalId);
  if (!chat) throw new Error(`the owner found no chat ${externalId} in the inbox`);
  await apiCall(
    front,
    'POST',
    `/api/chats/${chat.id}/messages`,
    { text: 'Здравствуйте, это менеджер.' },
    token,
  );
}
