import { signBody } from '../tests/fakes/api-channel-client';
import { type LoadFigures, load } from './load';
import type { OwnerCall } from './webhook';

/** How many conversations the messages come from, as in a busy aggregator. */
const CONVERSATIONS = 500;

/**
 * API channel messages accepted per second by POST /api/webhooks/api_channel/{id}: an integration
 * connected with a callback URL that is never reached (the bot waits 60 s before answering), so the
 * figure is taking messages in (HMAC over the raw body, parse, store once, schedule the answer).
 * Every request is signed anew and carries a new message id, so none is a redelivery.
 */
export async function apiChannelWebhookLoad(serverUrl: string, call: OwnerCall): Promise<LoadFigures> {
  const integration = (await call('POST', '/api/integrations', {
    type: 'api_channel',
    // A reserved name that never resolves: nothing is answered during the run anyway.
    connection_data: { callback_url: 'https://callbacks.invalid/onchat' },
  })) as { id: string };
  await call('POST', `/api/integrations/connect/${integration.id}`, {});
  // A new secret, shown in the answer: the bench signs with it as the account's system would.
  const { secret } = (await call('POST', `/api/integrations/${integration.id}/signing-secret`, {})) as {
    secret: string;
  };
  const created = await call('POST', '/api/bot', {
    name: 'Bench API channel',
    system_prompt: 'Answer briefly.',
    accumulation_messages_seconds: 60,
    conditions: { channels: [integration.id] },
  });
  await call('PATCH', `/api/bot/${created.id}`, { is_work: true });

  let messageNo = 1;
  return load(
    `${serverUrl}/api/webhooks/api_channel/${integration.id}`,
    { 'content-type': 'application/json' },
    {
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const n = messageNo++;
            const body = JSON.stringify({
              chat_id: `conversation-${n % CONVERSATIONS}`,
              message_id: `bench-${n}`,
              text: 'Здравствуйте, можно оформить доставку на завтра?',
              customer: { name: 'Покупатель' },
            });
            return {
              ...request,
              body,
              headers: { ...request.headers, 'x-signature': signBody(secret, body) },
            };
          },
        },
      ],
    },
  );
}
