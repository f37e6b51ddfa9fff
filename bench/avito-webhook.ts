import type { FakeAvito } from '../tests/fakes/avito';
import { type LoadFigures, load } from './load';
import type { OwnerCall } from './webhook';

const CUSTOMERS = 500;

/**
 * Avito Messenger webhooks accepted per second by POST /api/webhooks/avito/{id}: an Avito account
 * connected against the fake (token, account, subscription), bound to a bot that waits 60 s before
 * answering, so the figure is taking messages in (secret check, parse, store once, schedule the
 * answer and the chat's naming job), not answering them. Every request carries a new message id.
 */
export async function avitoWebhookLoad(
  serverUrl: string,
  avito: FakeAvito,
  call: OwnerCall,
): Promise<LoadFigures> {
  const account = avito.addAccount({ name: 'Bench Avito' });
  const chats = Array.from({ length: CUSTOMERS }, (_, i) =>
    avito.chat(account, `u2i-bench~${i}`, `Покупатель ${i}`),
  );
  const integration = (await call('POST', '/api/integrations', {
    type: 'avito',
    connection_data: { client_id: account.clientId, client_secret: account.clientSecret },
  })) as { id: string };
  await call('POST', `/api/integrations/connect/${integration.id}`, {});
  const created = await call('POST', '/api/bot', {
    name: 'Bench Avito',
    system_prompt: 'Answer briefly.',
    accumulation_messages_seconds: 60,
    conditions: { channels: [integration.id] },
  });
  await call('PATCH', `/api/bot/${created.id}`, { is_work: true });
  const address = account.subscriptions.find((url) => url.includes(integration.id));
  if (!address) throw new Error('the integration did not subscribe its webhook');
  const target = new URL(address);

  let sequence = 0;
  return load(
    `${serverUrl}${target.pathname}${target.search}`,
    { 'content-type': 'application/json' },
    {
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const chat = chats[sequence++ % CUSTOMERS];
            if (!chat) throw new Error('no chat');
            const body = avito.message(account, chat, chat.customer.id, 'text', {
              text: 'Здравствуйте, ещё актуально?',
            });
            return { ...request, body: JSON.stringify(body) };
          },
        },
      ],
    },
  );
}
