import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

/** /ai_assistant: Rex (built by a later issue). */
export function AiAssistantPage() {
  const { t } = useT();
  return (
    <SectionPlaceholder
      title={t('section.ai_assistant.title')}
      emptyTitle={t('section.ai_assistant.empty_title')}
      description={t('section.ai_assistant.description')}
      action={{ label: t('section.go_bots'), to: PATHS.bots }}
    />
  );
}
