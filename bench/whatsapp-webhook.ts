import type { FakeWazzup } from '../tests/fakes/wazzup';
import { type LoadFigures, load } from './load';
import type { OwnerCall } from './webhook';

const CUSTOMERS = 500;

/**
 * Hands the fake's parked deliveries (the address probe Wazzup sends while connecting) to the
 * server at its local address, since the public one is not reachable from here.
 */
async function relayParked(fake: FakeWazzup, serverUrl: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const { parcels } = (await (await fetch(`${fake.url}/__fake/outbox`)).json()) as {
      parcels: { id: number; uri: string; body: unknown }[];
    };
    for (const parcel of parcels) {
      const target = new URL(parcel.uri);
      const answer = await fetch(`${serverUrl}${target.pathname}${target.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(parcel.body),
      });
      await fetch(`${fake.url}/__fake/outbox/${parcel.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: answer.status }),
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * WhatsApp messages accepted per second by POST /api/webhooks/wazzup/{id}, beside Telegram's: a
 * Wazzup integration connected against the fake, bound to a bot that waits 60 s before answering,
 * so the figure is taking messages in (secret check, parse, store once, schedule), not answering.
 */
export async function wazzupWebhookLoad(
  serverUrl: string,
  wazzup: FakeWazzup,
  call: OwnerCall,
): Promise<LoadFigures> {
  const integration = (await call('POST', '/api/integrations', {
    type: 'wazzup',
    connection_data: { api_key: wazzup.apiKey },
  })) as { id: string };
  const connecting = call('POST', `/api/integrations/connect/${integration.id}`, {});
  await Promise.all([connecting, relayParked(wazzup, serverUrl, connecting)]);
  const created = await call('POST', '/api/bot', {
    name: 'Bench WhatsApp',
    system_prompt: 'Answer briefly.',
    accumulation_messages_seconds: 60,
    conditions: { channels: [integration.id] },
  });
  await call('PATCH', `/api/bot/${created.id}`, { is_work: true });
  const uri = wazzup.webhooksUri;
  if (!uri) throw new Error('the integration did not subscribe its webhook');
  const target = new URL(uri);

  let sequence = 0;
  return load(
    `${serverUrl}${target.pathname}${target.search}`,
    { 'content-type': 'application/json; charset-utf-8' },
    {
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const customer = `7999${String(1_000_000 + (sequence++ % CUSTOMERS)).slice(1)}`;
            const message = wazzup.customerMessage(customer, {
              type: 'text',
              text: 'Здравствуйте, можно записаться на завтра?',
            });
            return { ...request, body: JSON.stringify({ messages: [message] }) };
          },
        },
      ],
    },
  );
}
