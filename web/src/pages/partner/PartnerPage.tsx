import { Text } from '@mantine/core';
import { useProfile } from '../../api/profile';
import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

/** /partner: the partner cabinet (built by a later issue); the partner balance is already known. */
export function PartnerPage() {
  const { t, lang } = useT();
  const { data: profile } = useProfile();
  return (
    <SectionPlaceholder
      title={t('section.partner.title')}
      emptyTitle={t('section.partner.empty_title')}
      description={t('section.partner.description')}
    >
      {profile && (
        <Text data-testid="partner-balance">
          {t('section.partner.balance', {
            amount: formatMoney(profile.clients_partner.balance, profile.currency, lang),
          })}
        </Text>
      )}
    </SectionPlaceholder>
  );
}
