import type { whatsapp as ru } from '../ru/whatsapp';

/** The WhatsApp Business Platform (Meta's Cloud API) integration's settings page. */
export const whatsapp: Record<keyof typeof ru, string> = {
  'whatsapp.phone_number_id': 'Phone number ID',
  'whatsapp.phone_number_id_hint': 'The number’s ID in your Meta app: WhatsApp › API Setup.',
  'whatsapp.phone_number_id_required': 'Enter the phone number ID',
  'whatsapp.phone_number_id_invalid': 'A phone number ID is digits only, e.g. 106540352242922',
  'whatsapp.waba_id': 'WhatsApp Business Account ID',
  'whatsapp.waba_id_hint': 'The WhatsApp Business Account ID, on the same WhatsApp › API Setup page.',
  'whatsapp.waba_id_required': 'Enter the WhatsApp Business Account ID',
  'whatsapp.waba_id_invalid': 'A WhatsApp Business Account ID is digits only',
  'whatsapp.access_token': 'System user token',
  'whatsapp.access_token_hint':
    'A permanent system user token with the whatsapp_business_messaging and whatsapp_business_management permissions.',
  'whatsapp.access_token_required': 'Paste the token',
  'whatsapp.access_token_invalid': 'This does not look like a Meta token: check that it was copied whole',
  'whatsapp.app_secret': 'App secret',
  'whatsapp.app_secret_hint': 'App settings › Basic › App secret. Meta signs its webhooks with it.',
  'whatsapp.app_secret_required': 'Paste the app secret',
  'whatsapp.app_secret_invalid': 'An app secret is 32 characters of 0–9 and a–f',
  'whatsapp.secret_keep': 'Saved. Paste a new one to replace it.',
  'whatsapp.saved': 'Saved. Click “Connect”.',
  'whatsapp.saved_reconnect': 'Saved. Click “Connect again” to apply the changes.',
  'whatsapp.where': 'Where to find these:',
  'whatsapp.business_settings': 'Meta business settings (system users)',
  'whatsapp.apps': 'your Meta apps',
  'whatsapp.number': 'WhatsApp number: {phone}',
  'whatsapp.verified_name': 'Business name in WhatsApp: {name}',
  'whatsapp.steps': 'How to connect',
  'whatsapp.step_token':
    'In Meta business settings, create a system user, give it access to the WhatsApp account and generate a token that never expires.',
  'whatsapp.step_ids':
    'In your Meta app, open WhatsApp › API Setup and copy the phone number ID and the WhatsApp Business Account ID; the app secret is under App settings › Basic.',
  'whatsapp.step_connect': 'Paste them here, save and click “Connect”.',
  'whatsapp.step_webhook':
    'In WhatsApp › Configuration, paste the callback URL and verify token below and click “Verify and save”.',
  'whatsapp.step_fields':
    'Subscribe to the messages field, and, if the number is also used in the WhatsApp Business app, to smb_message_echoes: a manager’s reply from the app then stops the bot.',
  'whatsapp.callback_url': 'Callback URL',
  'whatsapp.verify_token': 'Verify token',
  'whatsapp.webhook_verified': 'Meta has verified the address',
  'whatsapp.webhook_waiting': 'Waiting for Meta to verify the address',
  'whatsapp.webhook_after_connect': 'The callback URL and verify token appear here once connected.',
  'whatsapp.window_hint':
    'WhatsApp allows replies within 24 hours of the customer’s last message. After that a reply is not sent, and the dialogue shows why.',
};
