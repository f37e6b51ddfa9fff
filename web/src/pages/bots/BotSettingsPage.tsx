import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

/** /bots/new and /bots/{id}: the bot editor (built by a later issue). */
export function BotSettingsPage() {
  const { t } = useT();
  return (
    <SectionPlaceholder
      title={t('section.bot_settings.title')}
      emptyTitle={t('section.bot_settings.empty_title')}
      description={t('section.bot_settings.description')}
      action={{ label: t('section.go_bots'), to: PATHS.bots }}
    />
  );
}
