import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

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
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved =
    typeof integration.connection_data.api_key === 'string' ? integration.connection_data.api_key : null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const value = key.trim();
    if (!KEY_PATTERN.test(value)) {
      setError(t(value === '' ? 'integrations.chatgpt.key_required' : 'integrations.chatgpt.key_invalid'));
      return;
    }
    setBusy(true);
    try {
      await update({ connection_data: { api_key: value } });
      setKey('');
      notifySuccess(translate('integrations.chatgpt.key_saved'));
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="chatgpt-settings">
      <Alert color="yellow" variant="light" title={t('integrations.chatgpt.warning_title')}>
        <Text size="sm">{t('integrations.chatgpt.warning')}</Text>
      </Alert>
      <form onSubmit={save} noValidate>
        <Stack gap="xs">
          <PasswordInput
            label={t('integrations.chatgpt.key')}
            description={t(saved ? 'integrations.chatgpt.key_keep' : 'integrations.chatgpt.key_hint')}
            placeholder={saved ?? 'sk-…'}
            autoComplete="off"
            spellCheck={false}
            value={key}
            error={error}
            onChange={(event) => {
              setKey(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group>
            <Button type="submit" variant="default" loading={busy}>
              {t('integrations.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
