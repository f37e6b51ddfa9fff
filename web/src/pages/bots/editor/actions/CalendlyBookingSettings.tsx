import { Text } from '@mantine/core';
import { calendarEventTypes } from '../../../../api/booking';
import type { IntegrationView } from '../../../../api/integrations';
import { AppSelect } from '../../../../components/AppSelect';
import { useT } from '../../../../i18n/use-t';
import type { TypeSettingsProps } from './types';

/** A Calendly booking: the event type whose free times the bot offers (as connecting learned them). */
export function CalendlyBookingSettings({
  settings,
  change,
  error,
  integration,
}: TypeSettingsProps<'booking'> & { integration: IntegrationView }) {
  const { t } = useT();
  const types = calendarEventTypes(integration);
  return (
    <>
      <AppSelect
        label={t('bot.booking.event_type')}
        description={t('bot.booking.event_type_hint')}
        data={types.map((type) => ({
          value: type.uri,
          label: [
            type.name || type.uri,
            type.duration_minutes !== null ? t('booking.minutes', { minutes: type.duration_minutes }) : null,
            type.active ? null : t('calendly.inactive'),
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
        value={settings.event_type || null}
        onChange={(event_type) => change({ event_type })}
        error={error('event_type')}
        data-testid="booking-event-type"
      />
      {types.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('calendly.event_types_none')}
        </Text>
      )}
    </>
  );
}
