import type { apiChannel as ru } from '../ru/api-channel';

/** The API channel's settings page: addresses, the signing secret and the dead letters. */
export const apiChannel: Record<keyof typeof ru, string> = {
  'api_channel.intro':
    'For aggregators and your own systems. Your system posts customers’ messages to the webhook URL, signing the body with HMAC-SHA256 (header X-Signature: sha256=…); the bot’s replies, operators’ messages and bot stops arrive at your callback URL signed the same way. The format and examples are in the documentation, page docs/channels/api-channel.md.',
  'api_channel.callback_url': 'Callback URL',
  'api_channel.callback_url_hint': 'We POST the bot’s replies here. https only.',
  'api_channel.callback_saved': 'Callback URL saved',
  'api_channel.webhook_url': 'Webhook URL: your system posts messages here',
  'api_channel.connect_first':
    'Save the callback URL and press Connect: the webhook URL and the signing secret appear.',
  'api_channel.secret': 'Signing secret',
  'api_channel.secret_hint': 'The secret is shown once. Keep it in your system.',
  'api_channel.secret_show': 'Show the secret',
  'api_channel.secret_once': 'Copy the secret now: it will not be shown again after the page reloads.',
  'api_channel.secret_hidden': 'The secret has been shown. If it is lost, create a new one.',
  'api_channel.secret_rotate': 'Create a new secret',
  'api_channel.secret_rotate_title': 'Create a new secret?',
  'api_channel.secret_rotate_text':
    'The old secret stops working at once: messages signed with it are refused, and replies arrive signed with the new one.',
  'api_channel.secret_rotated': 'A new secret was created',
  'api_channel.dead_title': 'Undelivered events',
  'api_channel.dead_hint':
    'The bot’s replies, operators’ messages and stops your address did not take after every attempt (6 attempts over about 2.5 hours) or refused at once with a 4xx.',
  'api_channel.dead_empty': 'No undelivered events',
  'api_channel.dead_failed': 'Could not load the undelivered events',
  'api_channel.dead_chat': 'Chat {chat}',
  'api_channel.dead_attempts': '{count, plural, one {# attempt} other {# attempts}}',
  'api_channel.dead_reason': 'Reason: {reason}',
  'api_channel.dead_retry': 'Retry',
  'api_channel.dead_retried': 'We will send it again',
  'api_channel.event.message': 'Message',
  'api_channel.event.chat_stopped': 'Bot stopped',
};
