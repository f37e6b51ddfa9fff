import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { useT } from '../../i18n/use-t';

/** /balance: subscriptions and payments (built by a later issue). */
export function BalancePage() {
  const { t } = useT();
  return (
    <SectionPlaceholder
      title={t('section.balance.title')}
      emptyTitle={t('section.balance.empty_title')}
      description={t('section.balance.description')}
    />
  );
}
