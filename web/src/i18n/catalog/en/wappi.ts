import type { wappi as ru } from '../ru/wappi';

/** The Wappi integration's settings page and QR connection. */
export const wappi: Record<keyof typeof ru, string> = {
  'wappi.token': 'Wappi API token',
  'wappi.token_hint': 'The API access token from your Wappi account.',
  'wappi.token_keep': 'The token is saved. To replace it, paste a new one.',
  'wappi.token_required': 'Paste the API token',
  'wappi.token_invalid': 'This does not look like a Wappi token: make sure it was copied in full',
  'wappi.token_saved': 'Token saved. Enter the profile ID and click “Connect”.',
  'wappi.profile': 'Profile ID',
  'wappi.profile_hint': 'Create a WhatsApp profile in your Wappi account and copy its ID.',
  'wappi.profile_required': 'Enter the profile ID',
  'wappi.profile_invalid': 'This does not look like a Wappi profile ID (for example, 954597cd-cd99)',
  'wappi.profile_saved': 'Profile ID saved. Click “Connect” for the bot to start answering.',
  'wappi.profile_reconnect': 'Profile ID saved. Click “Connect again” for the bot to move to this profile.',
  'wappi.cabinet': 'Where to get the token and the profile ID: your account at',
  'wappi.profile_name': 'Profile: {name}',
  'wappi.phone': 'WhatsApp number: {phone}',
  'wappi.authorized': 'The phone is authorised; the bot can answer customers.',
  'wappi.not_authorized': 'The phone is not authorised yet: scan the QR code.',
} as const;
