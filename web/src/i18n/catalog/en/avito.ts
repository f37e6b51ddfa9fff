import type { avito as ru } from '../ru/avito';

/** The Avito integration's settings page. */
export const avito: Record<keyof typeof ru, string> = {
  'avito.client_id': 'Client ID',
  'avito.client_id_required': 'Enter the Client ID',
  'avito.client_id_invalid': 'This does not look like an Avito Client ID: check that it was copied whole',
  'avito.client_secret': 'Client Secret',
  'avito.client_secret_hint':
    'The Client ID and Client Secret are on the “API for business” page of your Avito account. The Messenger needs a plan with API access.',
  'avito.client_secret_keep':
    'The keys are saved. To replace them, enter the Client ID and a new Client Secret.',
  'avito.client_secret_required': 'Paste the Client Secret',
  'avito.client_secret_invalid': 'This does not look like an Avito key: check that it was copied whole',
  'avito.saved': 'The keys are saved. Press “Connect” for the bot to answer in Avito chats.',
  'avito.api_page': 'Where to get the keys:',
  'avito.api_page_link': 'Avito API for business',
  'avito.account': 'Avito account: {name}',
  'avito.user_id': 'User ID: {id}',
  'avito.connected_note':
    'The bot answers buyers in Avito chats. If you reply yourself in the Avito app, the bot stops in that chat.',
} as const;
