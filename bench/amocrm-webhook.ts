import { randomUUID } from 'node:crypto';
import { type FakeAmo, phpForm } from '../tests/fakes/amocrm';
import { type LoadFigures, load } from './load';
import type { OwnerCall } from './webhook';

const CHATS = 500;

/**
 * amoCRM chat messages accepted per second by POST /api/webhooks/amocrm/{id}: an amoCRM account
 * connected against the fake by OAuth, bound to a bot that waits 60 s before answering, so the
 * figure is taking messages in (secret check, the form-encoded body read, stored once, scheduled).
 */
export async function amoWebhookLoad(serverUrl: string, amo: FakeAmo, call: OwnerCall): Promise<LoadFigures> {
  // A market install, as /amo/install hands it over: sealed into a ticket the owner confirms.
  const installed = await fetch(`${serverUrl}/api/webhooks/amo/install`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: amo.issueCode(), referer: amo.referer }),
  });
  const { ticket } = (await installed.json()) as { ticket: string };
  const integration = (await call('POST', '/api/integrations', {
    type: 'amocrm',
    connection_data: { install: ticket },
  })) as { id: string };
  await call('POST', `/api/integrations/connect/${integration.id}`, {});
  const created = await call('POST', '/api/bot', {
    name: 'Bench amoCRM',
    system_prompt: 'Answer briefly.',
    accumulation_messages_seconds: 60,
    conditions: { channels: [integration.id] },
  });
  await call('PATCH', `/api/bot/${created.id}`, { is_work: true });
  const hook = amo.webhooks.find((one) => one.destination.includes(integration.id));
  if (!hook) throw new Error('the integration did not subscribe its webhook');
  const target = new URL(hook.destination);
  const chats = Array.from({ length: CHATS }, (_, index) => ({
    chat: randomUUID(),
    lead: 28_000_000 + index,
  }));

  let sequence = 0;
  return load(
    `${serverUrl}${target.pathname}${target.search}`,
    { 'content-type': 'application/x-www-form-urlencoded' },
    {
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const one = chats[sequence++ % CHATS] ?? chats[0];
            const body = phpForm({
              account: { subdomain: amo.subdomain, id: String(amo.accountId) },
              message: {
                add: [
                  {
                    id: randomUUID(),
                    chat_id: one?.chat,
                    talk_id: '100',
                    contact_id: '93589657',
                    text: 'Здравствуйте, можно записаться на завтра?',
                    created_at: String(Math.floor(Date.now() / 1000)),
                    element_type: '2',
                    entity_type: 'lead',
                    element_id: String(one?.lead),
                    entity_id: String(one?.lead),
                    type: 'incoming',
                    author: { id: randomUUID(), type: 'external', name: 'Олег' },
                    origin: 'telegram',
                  },
                ],
              },
            });
            return { ...request, body };
          },
        },
      ],
    },
  );
}
