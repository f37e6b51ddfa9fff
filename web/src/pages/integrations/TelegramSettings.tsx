import { Anchor, Stack, Text } from '@mantine/core';
import { BOTFATHER_URL, TELEGRAM_TOKEN_PATTERN, telegramBotUrl } from '../../../../functions/shared/telegram';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { CredentialForm } from './CredentialForm';

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
  const saved = text(integration.connection_data.token);
  const username = integration.connected ? text(integration.connection_data.bot_username) : null;

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
      <CredentialForm
        label={t('integrations.telegram.token')}
        description={t(saved ? 'integrations.telegram.token_keep' : 'integrations.telegram.token_hint')}
        placeholder={saved ?? '123456789:AAF…'}
        pattern={TELEGRAM_TOKEN_PATTERN}
        requiredText={t('integrations.telegram.token_required')}
        invalidText={t('integrations.telegram.token_invalid')}
        savedText={t('integrations.telegram.token_saved')}
        save={(token) => update({ connection_data: { token } })}
      />
      <Text size="sm" c="dimmed">
        {t('integrations.telegram.botfather')}{' '}
        <Anchor href={BOTFATHER_URL} target="_blank" rel="noopener noreferrer" size="sm">
          @BotFather
        </Anchor>
      </Text>
    </Stack>
  );
}
