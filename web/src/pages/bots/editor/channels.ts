import type { MessageId } from '../../../i18n/i18n';

/**
 * Channel types a bot can answer in (conditions.channels); their number is the bot's
 * connections_count. They arrive through integrations; the Check screen always reaches the bot.
 */
export const CHANNELS = [
  'onchat',
  'telegram',
  'whatsapp',
  'wazzup',
  'wappi',
  'wahelp',
  'messagehelp',
  'avito',
  'amocrm',
  'kommo',
  'bitrix',
] as const;

type Channel = (typeof CHANNELS)[number] | 'check';

const LABELS: Record<Channel, MessageId> = {
  check: 'channel.check',
  onchat: 'channel.onchat',
  telegram: 'integration.name.telegram',
  whatsapp: 'integration.name.whatsapp',
  wazzup: 'integration.name.wazzup',
  wappi: 'integration.name.wappi',
  wahelp: 'integration.name.wahelp',
  messagehelp: 'integration.name.messagehelp',
  avito: 'integration.name.avito',
  amocrm: 'integration.name.amocrm',
  kommo: 'integration.name.kommo',
  bitrix: 'integration.name.bitrix',
};

const isChannel = (value: string): value is Channel => Object.hasOwn(LABELS, value);

/** A channel's name (History shows `check` too); an integration id or unknown type is shown as it is. */
export const channelLabel = (value: string, t: (id: MessageId) => string) =>
  isChannel(value) ? t(LABELS[value]) : value;
