import { Stack, Text, Title } from '@mantine/core';
import { useProfile } from '../../api/profile';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { ClientsSection } from './ClientsSection';
import { PartnerIntro } from './PartnerIntro';

/** /partner: the partner cabinet (SPEC §2 Partner); an account of another role is told how to join. */
export function PartnerPage() {
  const { t, lang } = useT();
  const { data: profile } = useProfile();
  if (!profile) return null;
  if (profile.role !== 'partner') return <PartnerIntro />;
  return (
    <Stack gap="lg">
      <Title order={2}>{t('section.partner.title')}</Title>
      <Text data-testid="partner-balance">
        {t('section.partner.balance', {
          amount: formatMoney(profile.clients_partner.balance, profile.currency, lang),
        })}
      </Text>
      <ClientsSection currency={profile.currency} />
    </Stack>
  );
}
