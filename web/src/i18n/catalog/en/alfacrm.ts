/** The AlfaCRM integration's settings page. */
export const alfacrm = {
  'alfa.intro':
    'The bot works with AlfaCRM leads: it makes a lead for each dialogue and changes its status, fields and tasks. It needs an AlfaCRM user with API access (a role with the v2api module).',
  'alfa.hostname': 'AlfaCRM address',
  'alfa.hostname_hint': 'The address you sign in to AlfaCRM at, e.g. school.s20.online',
  'alfa.hostname_required': 'Enter the AlfaCRM address',
  'alfa.hostname_invalid': 'This does not look like an AlfaCRM address (e.g. school.s20.online)',
  'alfa.email': 'API user e-mail',
  'alfa.email_required': "Enter the user's e-mail",
  'alfa.email_invalid': 'Invalid email format',
  'alfa.api_key': 'API key',
  'alfa.api_key_hint': "The key from the user's profile in AlfaCRM.",
  'alfa.api_key_keep': 'The key is saved. To replace it, paste a new one.',
  'alfa.api_key_required': 'Paste the API key',
  'alfa.api_key_invalid': 'This does not look like an AlfaCRM API key: check it was copied whole',
  'alfa.branch': 'Branch ID',
  'alfa.branch_hint': 'The branch the bot makes leads in. Usually 1.',
  'alfa.branch_invalid': 'Digits only',
  'alfa.saved': 'Saved. Press “Connect” to check the access.',
  'alfa.saved_reconnect': 'Saved. Connect the integration again.',
  'alfa.connected_to': 'Connected: {host}, branch “{branch}”',
};
