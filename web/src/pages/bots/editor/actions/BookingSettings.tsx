import { Text } from '@mantine/core';
import { BOOKING_TYPES, isSalonType } from '../../../../../../functions/shared/booking';
import { useIntegrations } from '../../../../api/integrations';
import { useT } from '../../../../i18n/use-t';
import { CalendlyBookingSettings } from './CalendlyBookingSettings';
import { IntegrationSettings } from './IntegrationSettings';
import { SalonBookingSettings } from './SalonBookingSettings';
import type { TypeSettingsProps } from './types';

/**
 * Booking (issue #22): a booking integration, then what it books — in a salon the branch, the
 * services, the SMS and the comment; in Calendly the event type. Another integration starts the
 * choice over.
 */
export function BookingSettings(props: TypeSettingsProps<'booking'>) {
  const { settings, change, error } = props;
  const { t } = useT();
  const { integrations } = useIntegrations(true);
  const integration = integrations.find((item) => item.id === settings.integration_id);
  return (
    <IntegrationSettings
      settings={settings}
      change={({ integration_id }) =>
        change({ integration_id, branch_id: null, service_ids: [], event_type: '' })
      }
      error={error}
      types={BOOKING_TYPES}
    >
      {integration && isSalonType(integration.type) && (
        <SalonBookingSettings {...props} integration={integration} />
      )}
      {integration?.type === 'calendly' && <CalendlyBookingSettings {...props} integration={integration} />}
      {!integration && (
        <Text size="sm" c="dimmed">
          {t('bot.action.booking_hint')}
        </Text>
      )}
    </IntegrationSettings>
  );
}
