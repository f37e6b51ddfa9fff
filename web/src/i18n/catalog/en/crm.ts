import type { crm as ru } from '../ru/crm';

/** CRM integrations (amoCRM, Kommo): their settings page, finishing the connection, action lists. */
export const crm: Record<keyof typeof ru, string> = {
  'crm.loading': 'Loading from the CRM…',
  'crm.choose_integration': 'Choose the integration first',
  'crm.choose_pipeline': 'Choose the pipeline first',
  'crm.load_failed': 'Could not load the data from the CRM.',
  'crm.retry': 'Retry',
  'crm.field_not_found': 'Field not found',
  'crm.field_options': 'Options: {options}',
  'crm.responsible': 'Responsible',
  'crm.responsible_hint': "When none is chosen, the task goes to the deal's responsible user.",
  'amo.not_configured':
    '{name} is not configured on this server: the administrator needs to set {prefix}_CLIENT_ID and {prefix}_CLIENT_SECRET.',
  'amo.connect': 'Connect {name}',
  'amo.reconnect': 'Reconnect',
  'amo.connect_hint':
    '{name} opens: choose the account and press "Allow". You will come back here and the connection finishes by itself.',
  'amo.account': 'Account',
  'amo.salesbot.title': 'Salesbot for replies',
  'amo.salesbot.text':
    'The bot answers customers in {name} chats through a Salesbot. Create a Salesbot in {name} with one step "Send message" and this text:',
  'amo.salesbot.copy': 'Copy',
  'amo.salesbot.copied': 'Copied',
  'amo.salesbot.id': 'Salesbot ID',
  'amo.salesbot.id_hint': "The number in the Salesbot's address in {name}.",
  'amo.salesbot.missing': 'Without a Salesbot the bot cannot answer in {name} chats.',
  'amo.salesbot.saved': 'Salesbot saved',
  'amo.selection.title': 'Deals the bot works on',
  'amo.selection.all': 'The bot works on every deal now. Tick stages to limit it.',
  'amo.selection.some': 'Stages chosen: {count}',
  'amo.selection.saved': 'Choice saved',
  'amo.selection.save': 'Save the choice',
  'amo.finish.title': 'Finishing the {name} connection…',
  'amo.finish.failed': 'Could not finish the {name} connection',
  'amo.finish.retry': 'Try again',
  'amocrm.confirm.text':
    'The onchat integration was installed from the amoCRM market. Connect it only if this is your amoCRM account and you installed the integration yourself: the bot will answer in its chats at the cost of your balance.',
  'amocrm.confirm.failed_hint':
    'An amoCRM code lives 20 minutes and works once: install the integration in amoCRM again, or press "Connect amoCRM" on the amoCRM page.',
  'kommo.confirm.text':
    'The onchat integration was installed from the Kommo market. Connect it only if this is your Kommo account and you installed the integration yourself: the bot will answer in its chats at the cost of your balance.',
  'kommo.confirm.failed_hint':
    'A Kommo code lives 20 minutes and works once: install the integration in Kommo again, or press "Connect Kommo" on the Kommo page.',
  'amo.denied': 'Access to {name} was not granted. To connect, press "Connect" again and allow access.',
};
