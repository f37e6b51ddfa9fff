import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { BOTFATHER_URL, TELEGRAM_TOKEN_PATTERN, telegramBotUrl } from '../../../../functions/shared/telegram';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

interface TelegramSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A Telegram bot's settings: its token from @BotFather and, once connected, the bot itself. The
 * server never sends the token back in full: the masked one stands in the empty field, and saving
 * a new token replaces it (the server then drops the old connection, so the bot is connected again).
 */
export function TelegramSettings({ integration, update }: TelegramSettingsProps) {
  const { t } = useT();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = text(integration.connection_data.token);
  const username = integration.connected ? text(integration.connection_data.bot_username) : null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (!TELEGRAM_TOKEN_PATTERN.test(value)) {
      setError(
        t(value === '' ? 'integrations.telegram.token_required' : 'integrations.telegram.token_invalid'),
      );
      return;
    }
    setBusy(true);
    try {
      await update({ connection_data: { token: value } });
      setToken('');
      notifySuccess(translate('integrations.telegram.token_saved'));
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="telegram-settings">
      {username && (
        <Text size="sm" data-testid="telegram-bot">
          {t('integrations.telegram.bot')}{' '}
          <Anchor href={telegramBotUrl(username)} target="_blank" rel="noopener noreferrer">
            @{username}
          </Anchor>
        </Text>
      )}
      <form onSubmit={save} noValidate>
        <Stack gap="xs">
          <PasswordInput
            label={t('integrations.telegram.token')}
            description={t(saved ? 'integrations.telegram.token_keep' : 'integrations.telegram.token_hint')}
            placeholder={saved ?? '123456789:AAF…'}
            autoComplete="off"
            spellCheck={false}
            value={token}
            error={error}
            onChange={(event) => {
              setToken(event.currentTarget.value);
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
      <Text size="sm" c="dimmed">
        {t('integrations.telegram.botfather')}{' '}
        <Anchor href={BOTFATHER_URL} target="_blank" rel="noopener noreferrer" size="sm">
          @BotFather
        </Anchor>
      </Text>
    </Stack>
  );
}
