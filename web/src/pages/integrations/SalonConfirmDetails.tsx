import { Stack, Text } from '@mantine/core';
import type { SalonType } from '../../../../functions/shared/booking';
import { useT } from '../../i18n/use-t';
import type { SalonUser } from './salon-user-data';

interface SalonConfirmDetailsProps {
  type: SalonType;
  salonId: string;
  user: SalonUser;
}

/** What joins when a salon from the marketplace is confirmed: the salon and who installed the application. */
export function SalonConfirmDetails({ type, salonId, user }: SalonConfirmDetailsProps) {
  const { t } = useT();
  const contacts = [user.email, user.phone].filter(Boolean).join(', ');
  return (
    <Stack gap={4} mb="sm" data-testid="salon-confirm-details">
      <Text size="sm">
        <Text span fw={500}>
          {t('salon.confirm.salon')}:
        </Text>{' '}
        {user.salonName ? `${user.salonName} · ` : ''}
        {t('salon.confirm.salon_id', { id: salonId })}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={500}>
          {t('salon.confirm.user', { name: t(`integration.name.${type}`) })}:
        </Text>{' '}
        {user.name ?? t('salon.confirm.user_unknown')}
        {contacts ? ` (${contacts})` : ''}
      </Text>
    </Stack>
  );
}
