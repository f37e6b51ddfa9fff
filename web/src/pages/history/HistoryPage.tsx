import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { useT } from '../../i18n/use-t';

/** /history: answers and their prices (built by a later issue). */
export function HistoryPage() {
  const { t } = useT();
  return (
    <SectionPlaceholder
      title={t('section.history.title')}
      emptyTitle={t('section.history.empty_title')}
      description={t('section.history.description')}
    />
  );
}
