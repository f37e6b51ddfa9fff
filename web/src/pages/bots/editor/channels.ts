import {
  ANSWERING_INTEGRATION_TYPES,
  describeIntegration,
  isIntegrationType,
} from '../../../../../functions/shared/integration-catalogue';
import type { MessageId } from '../../../i18n/i18n';

/**
 * Channel types a bot can answer in (conditions.channels); their number is the bot's
 * connections_count. They arrive through integrations; the Check screen always reaches the bot.
 */
export const CHANNELS = ANSWERING_INTEGRATION_TYPES;

/** A channel's name (History shows `check` too); an integration id or unknown type is shown as it is. */
export function channelLabel(value: string, t: (id: MessageId) => string): string {
  if (value === 'check') return t('channel.check');
  if (value === 'onchat') return t('channel.onchat');
  return isIntegrationType(value) ? t(describeIntegration(value).nameId) : value;
}
