import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

/** /chats: the chat list arrives with the bots engine; until then, what to do first. */
export function ChatsPage() {
  const { t } = useT();
  return (
    <SectionPlaceholder
      title={t('section.chats.title')}
      emptyTitle={t('section.chats.empty_title')}
      description={t('section.chats.description')}
      action={{ label: t('section.go_integrations'), to: PATHS.integrations }}
    />
  );
}
