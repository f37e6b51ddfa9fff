import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { useT } from '../../i18n/use-t';
import { PendingIntegrationCard } from './PendingIntegrationCard';

/** /integrations/{slug?}/{inst?}: data sources and channels (built by a later issue). */
export function IntegrationsPage() {
  const { t } = useT();
  return (
    <SectionPlaceholder
      title={t('section.integrations.title')}
      emptyTitle={t('section.integrations.empty_title')}
      description={t('section.integrations.description')}
    >
      <PendingIntegrationCard />
    </SectionPlaceholder>
  );
}
