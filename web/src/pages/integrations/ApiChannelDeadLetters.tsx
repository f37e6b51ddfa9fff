import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDeadLetters } from '../../api/api-channel';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDateTime } from '../../i18n/format';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

/**
 * Callbacks the account's address never took, newest first: when, which chat, what, after how many
 * attempts and why, each with a button that sends it again from its first attempt. A card per
 * letter, so the reason stays readable on a phone.
 */
export function ApiChannelDeadLetters({ integrationId }: { integrationId: string }) {
  const { t, lang } = useT();
  const { items, isLoading, error, retry } = useDeadLetters(integrationId, true);
  const [busy, setBusy] = useState<string | null>(null);

  const onRetry = async (id: string) => {
    setBusy(id);
    try {
      await retry(id);
      notifySuccess(translate('api_channel.dead_retried'));
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs" data-testid="api-channel-dead-letters">
      <Text size="sm" fw={500}>
        {t('api_channel.dead_title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('api_channel.dead_hint')}
      </Text>
      {error !== undefined && !isLoading && (
        <Alert color="red" variant="light">
          {t('api_channel.dead_failed')}
        </Alert>
      )}
      {!isLoading && error === undefined && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('api_channel.dead_empty')}
        </Text>
      )}
      {items.map((letter) => (
        <Paper key={letter.id} withBorder radius="md" p="sm" data-testid="api-channel-dead-letter">
          <Stack gap={4}>
            <Group gap="xs">
              <Badge variant="light" color={letter.event === 'message' ? 'blue' : 'orange'}>
                {t(
                  letter.event === 'message' ? 'api_channel.event.message' : 'api_channel.event.chat_stopped',
                )}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDateTime(letter.failed_at, lang)}
              </Text>
            </Group>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {t('api_channel.dead_chat', { chat: letter.chat_id })} ·{' '}
              {t('api_channel.dead_attempts', { count: letter.attempts })}
            </Text>
            <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
              {t('api_channel.dead_reason', { reason: letter.reason })}
            </Text>
            <Group>
              <Button
                size="xs"
                variant="light"
                loading={busy === letter.id}
                disabled={busy !== null && busy !== letter.id}
                onClick={() => void onRetry(letter.id)}
              >
                {t('api_channel.dead_retry')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
