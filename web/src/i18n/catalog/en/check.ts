import type { check as ru } from '../ru/check';

/** Checking a bot in a test chat. */
export const check: Record<keyof typeof ru, string> = {
  'check.hint': 'Write to the bot as a customer: it answers the same way as in the connected channels.',
  'check.bot': 'Bot',
  'check.dialogue': 'Dialogue',
  'check.state.working': 'The bot handles the dialogue',
  'check.state.stopped': 'The bot is stopped',
  'check.state.paused': 'The bot is paused',
  'check.author.customer': 'You',
  'check.author.bot': 'Bot',
  'check.author.operator': 'Team member',
  'check.author.system': 'System',
  'check.empty': 'No messages yet. Write to the bot to start the dialogue.',
  'check.message': 'Message',
  'check.message_placeholder': 'Enter to send, Shift+Enter for a new line',
  'check.send': 'Send',
  'check.price': 'Answer price: {price}',
  'check.waiting':
    'The bot waits in case you write more: answer in {seconds, plural, one {# second} other {# seconds}}',
  'check.typing': 'The bot is typing',
  'check.clear': 'Clear the dialogue',
  'check.clear_title': 'Clear the dialogue?',
  'check.clear_text': 'All messages of this check dialogue will be deleted.',
  'check.bot_off': 'The bot is off and will not answer. Switch it on in the bot list.',
  'check.bot_has_problems': 'The bot is off: its settings have problems.',
  'check.open_settings': 'Open the settings',
  'check.low_balance':
    'The balance {total} is below the minimum {minimum}: bots do not answer until it is topped up.',
  'check.top_up': 'Top up the balance',
};
