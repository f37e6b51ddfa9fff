import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

/** /bots: the bot list (built by a later issue). */
export function BotsPage() {
  const { t } = useT();
  return (
    <SectionPlaceholder
      title={t('section.bots.title')}
      emptyTitle={t('section.bots.empty_title')}
      description={t('section.bots.description')}
      action={{ label: t('section.go_profile'), to: PATHS.profile }}
    />
  );
}
