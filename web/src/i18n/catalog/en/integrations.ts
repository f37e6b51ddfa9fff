import type { integrations as ru } from '../ru/integrations';

/** Integration names, pending integrations and message channels. */
export const integrations: Record<keyof typeof ru, string> = {
  'integration.name.yclients': 'YCLIENTS',
  'integration.name.altegio': 'Altegio',
  'integration.name.retailcrm': 'RetailCRM',
  'integration.name.bitrix': 'Bitrix24',
  'integrations.pending.title': 'Waiting for confirmation: {name}',
  'integrations.pending.text':
    'We saved the connection data from the link. You will confirm the connection here once this section is ready. If you did not mean to connect this integration, cancel it.',
  'integrations.pending.discard': 'Cancel the connection',
  'integrations.pending.discard_title': 'Cancel the connection?',
  'integrations.pending.discard_text': 'The {name} connection data will be removed from this browser.',

  'integration.name.kommo': 'Kommo',
  'integration.name.amocrm': 'amoCRM',
  'integration.name.wazzup': 'Wazzup',
  'integration.name.telegram': 'Telegram',
  'integration.name.chatgpt': 'ChatGPT',
  'integration.name.alfacrm': 'AlfaCRM',
  'integration.name.tbank': 'T-Bank',
  'integration.name.wahelp': 'Wahelp',
  'integration.name.messagehelp': 'MessageHelp',
  'integration.name.whatsapp': 'WhatsApp',
  'integration.name.calendly': 'Calendly',
  'integration.name.wappi': 'Wappi',
  'integration.name.avito': 'Avito',
  'integration.name.imot.io': 'imot.io',
  'integration.name.shopscript': 'Shop-Script',
  'integration.name.onchat': 'Website chat',
  'channel.check': 'Bot check',
  'channel.onchat': 'Website chat',
};
