import { Text } from '@mantine/core';
import { useT } from '../../../../i18n/use-t';

/** Booking: no settings of its own, a hint only. */
export function BookingSettings() {
  const { t } = useT();
  return (
    <Text size="sm" c="dimmed">
      {t('bot.action.booking_hint')}
    </Text>
  );
}
