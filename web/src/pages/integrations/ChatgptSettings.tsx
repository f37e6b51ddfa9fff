import { Alert, Stack, Text } from '@mantine/core';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { CredentialForm } from './CredentialForm';

interface ChatgptSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

/** A key looks like sk-… (project keys sk-proj-…); the server checks it against the models endpoint. */
const KEY_PATTERN = /^sk-[A-Za-z0-9_-]{16,}$/;

/**
 * The account's own OpenAI key (SPEC §4): connecting moves every bot to it (their answers are then
 * not charged by tokens) and the model no longer sees their earlier dialogues; removing it moves
 * them back the same way. The key is never shown back in full.
 */
export function ChatgptSettings({ integration, update }: ChatgptSettingsProps) {
  const { t } = useT();
  const saved =
    typeof integration.connection_data.api_key === 'string' ? integration.connection_data.api_key : null;

  return (
    <Stack gap="md" data-testid="chatgpt-settings">
      <Alert color="yellow" variant="light" title={t('integrations.chatgpt.warning_title')}>
        <Text size="sm">{t('integrations.chatgpt.warning')}</Text>
      </Alert>
      <CredentialForm
        label={t('integrations.chatgpt.key')}
        description={t(saved ? 'integrations.chatgpt.key_keep' : 'integrations.chatgpt.key_hint')}
        placeholder={saved ?? 'sk-…'}
        pattern={KEY_PATTERN}
        requiredText={t('integrations.chatgpt.key_required')}
        invalidText={t('integrations.chatgpt.key_invalid')}
        savedText={t('integrations.chatgpt.key_saved')}
        save={(apiKey) => update({ connection_data: { api_key: apiKey } })}
      />
    </Stack>
  );
}
