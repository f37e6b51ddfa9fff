import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

/** /check: talk to a bot as a customer would (built by a later issue). */
export function CheckPage() {
  const { t } = useT();
  return (
    <SectionPlaceholder
      title={t('section.check.title')}
      emptyTitle={t('section.check.empty_title')}
      description={t('section.check.description')}
      action={{ label: t('section.go_bots'), to: PATHS.bots }}
    />
  );
}
