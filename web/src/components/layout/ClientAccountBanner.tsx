import { Alert, Button, Group, Text } from '@mantine/core';
import type { Profile } from '../../api/profile';
import { usePartnerToken } from '../../api/session';
import { useT } from '../../i18n/use-t';
import { useBackToPartner } from './use-back-to-partner';

/** While a partner works inside a client's account: whose account it is, and the way back. */
export function ClientAccountBanner({ profile }: { profile: Profile }) {
  const { t } = useT();
  const partnerToken = usePartnerToken();
  const back = useBackToPartner();
  if (!partnerToken) return null;
  return (
    <Alert color="violet" variant="light" mb="md" data-testid="client-account-banner">
      <Group justify="space-between" gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('partner.inside.banner', { name: profile.name })}
        </Text>
        <Button size="xs" variant="light" color="violet" onClick={back}>
          {t('nav.partner_account_back')}
        </Button>
      </Group>
    </Alert>
  );
}
