import { Button, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { summarizeChat } from '../../api/chats';
import { notifyError } from '../../components/notify';
import { useT } from '../../i18n/use-t';

/** The dialogue summarised by the bot's model, on request; it is not stored. */
export function ChatSummary({ chatId, disabled }: { chatId: string; disabled: boolean }) {
  const { t } = useT();
  const [summary, setSummary] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // Another chat's summary must not stay on screen.
  useEffect(() => {
    if (chatId) setSummary(null);
  }, [chatId]);

  const make = async () => {
    setLoading(true);
    try {
      const made = await summarizeChat(chatId);
      setSummary(made.summary ?? t('chats.summary_empty'));
    } catch (failure) {
      notifyError(failure);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Stack gap="xs">
      <Button size="xs" variant="light" onClick={make} loading={loading} disabled={disabled}>
        {t('chats.summary_make')}
      </Button>
      {summary !== null && (
        <Paper withBorder p="sm" radius="md" data-testid="chat-summary">
          <Text size="xs" fw={600} mb={4}>
            {t('chats.summary')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {summary}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
