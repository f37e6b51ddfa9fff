import type { IntegrationModule } from '../module';
import { appSecretOf, phoneNumberIdOf } from './account';
import { whatsappConnection } from './connect';
import { whatsappHandshake } from './handshake';
import { whatsappDelivery } from './inbound';
import { whatsappSender } from './send';
import { SIGNATURE_HEADER, signatureHolds } from './signature';
import { readWhatsAppWebhook } from './webhook';

/**
 * WhatsApp Business Platform (Meta's Cloud API; reference/whatsapp-cloud.md): the owner's own Meta
 * app and business number, reached with their system-user token. Meta checks the webhook address
 * with a GET handshake and signs every POST with the app secret; customers' messages are
 * answered once by their wamid, however often and however batched they come; a person writing in
 * the WhatsApp Business app on the same number (coexistence, `smb_message_echoes`) is the
 * operator; statuses of our sends are kept, and a failure (the closed 24-hour window) is said in
 * the dialogue.
 */
export const whatsappModule: IntegrationModule = {
  type: 'whatsapp',
  ...whatsappConnection,
  inbound: {
    async verify(settings, integration, request) {
      const appSecret = await appSecretOf(settings, integration);
      return Boolean(
        appSecret && (await signatureHolds(appSecret, request.raw, request.header(SIGNATURE_HEADER))),
      );
    },
    parse(integration, request) {
      const events = readWhatsAppWebhook(request.body);
      return events ? whatsappDelivery(events, phoneNumberIdOf(integration)) : null;
    },
    handshake: whatsappHandshake,
  },
  sender: whatsappSender,
};
