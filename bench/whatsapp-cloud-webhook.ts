import type { FakeWhatsAppCloud } from '../tests/fakes/whatsapp-cloud';
import { envelope, metaJson, metaSignature } from '../tests/fakes/whatsapp-cloud-wire';
import { type LoadFigures, load } from './load';
import type { OwnerCall } from './webhook';

const CUSTOMERS = 500;

/**
 * WhatsApp Cloud API messages accepted per second by POST /api/webhooks/whatsapp/{id}: the owner's
 * Meta app connected against the fake Graph API, bound to a bot that waits 60 s before answering,
 * so the figure is taking messages in (HMAC over the raw bytes, parse, store once by wamid,
 * schedule), not answering. Each request is a new wamid, written and signed as Meta does.
 */
export async function whatsappCloudWebhookLoad(
  serverUrl: string,
  meta: FakeWhatsAppCloud,
  call: OwnerCall,
): Promise<LoadFigures> {
  const business = meta.addBusiness();
  const integration = (await call('POST', '/api/integrations', {
    type: 'whatsapp',
    connection_data: {
      phone_number_id: business.phoneNumberId,
      waba_id: business.wabaId,
      access_token: business.token,
      app_secret: business.appSecret,
    },
  })) as { id: string };
  await call('POST', `/api/integrations/connect/${integration.id}`, {});
  const created = await call('POST', '/api/bot', {
    name: 'Bench WhatsApp Cloud',
    system_prompt: 'Answer briefly.',
    accumulation_messages_seconds: 60,
    conditions: { channels: [integration.id] },
  });
  await call('PATCH', `/api/bot/${created.id}`, { is_work: true });

  let sequence = 0;
  return load(
    `${serverUrl}/api/webhooks/whatsapp/${integration.id}`,
    { 'content-type': 'application/json' },
    {
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const waId = `7999${String(1_000_000 + (sequence++ % CUSTOMERS)).slice(1)}`;
            const one = meta.customerChange(
              business,
              { waId, name: 'Клиент' },
              {
                type: 'text',
                text: { body: 'Здравствуйте, можно записаться на завтра?' },
              },
            );
            const raw = metaJson(envelope([one]));
            return {
              ...request,
              body: raw,
              headers: { ...request.headers, 'x-hub-signature-256': metaSignature(business.appSecret, raw) },
            };
          },
        },
      ],
    },
  );
}
