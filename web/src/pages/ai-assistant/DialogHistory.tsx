import { Badge, Button, Group, Pagination, Paper, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { startAssistantDialog, useAssistantDialogs } from '../../api/assistant';
import { useBots } from '../../api/bots';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { notifyError } from '../../components/notify';
import { formatDateTime } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

interface DialogHistoryProps {
  openId: string | null;
  onOpen: (id: string) => void;
}

/** Starting a dialogue with Rex, and the history: dialog ID, dates and request type (SPEC §2). */
export function DialogHistory({ openId, onOpen }: DialogHistoryProps) {
  const { t, lang } = useT();
  const [page, setPage] = useState(1);
  const dialogs = useAssistantDialogs(page);
  const bots = useBots();
  const [botId, setBotId] = useState<string | null>(null);
  const [starting, setStarting] = useState<'create' | 'improve' | null>(null);

  const start = async (type: 'create' | 'improve') => {
    setStarting(type);
    try {
      const dialog = await startAssistantDialog(type, type === 'improve' ? (botId ?? undefined) : undefined);
      await dialogs.mutate();
      onOpen(dialog.id);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setStarting(null);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" data-testid="rex-start">
        <Stack gap="sm">
          <Text fw={600}>{t('rex.start_title')}</Text>
          <Button onClick={() => start('create')} loading={starting === 'create'}>
            {t('rex.start_create')}
          </Button>
          <Select
            label={t('rex.improve_label')}
            placeholder={t('select.placeholder')}
            nothingFoundMessage={t('rex.no_bots')}
            data={(bots.data ?? []).map((bot) => ({ value: bot.id, label: bot.name || t('bot.untitled') }))}
            value={botId}
            onChange={setBotId}
          />
          <Button
            variant="light"
            disabled={!botId}
            onClick={() => start('improve')}
            loading={starting === 'improve'}
          >
            {t('rex.start_improve')}
          </Button>
        </Stack>
      </Paper>
      <Stack gap="xs" data-testid="rex-history">
        <Text fw={600}>{t('rex.history')}</Text>
        {!dialogs.data ? (
          dialogs.error ? (
            <LoadFailed title={t('rex.load_failed')} error={dialogs.error} onRetry={() => dialogs.mutate()} />
          ) : (
            <PageLoader />
          )
        ) : dialogs.data.items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="rex-history-empty">
            {t('rex.history_empty')}
          </Text>
        ) : (
          dialogs.data.items.map((dialog) => (
            <UnstyledButton key={dialog.id} onClick={() => onOpen(dialog.id)} data-testid="rex-dialog-item">
              <Paper
                withBorder
                radius="md"
                p="sm"
                bg={dialog.id === openId ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" ff="monospace" title={dialog.id}>
                    #{dialog.id.slice(0, 8)}
                  </Text>
                  <Badge variant="light" color={dialog.request_type === 'create' ? 'teal' : 'indigo'}>
                    {t(`rex.type.${dialog.request_type}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('rex.created', { date: formatDateTime(dialog.created_at, lang) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('rex.last_message', { date: formatDateTime(dialog.last_message_at, lang) })}
                </Text>
              </Paper>
            </UnstyledButton>
          ))
        )}
        {dialogs.data && dialogs.data.pages > 1 && (
          <Pagination total={dialogs.data.pages} value={page} onChange={setPage} size="sm" />
        )}
      </Stack>
    </Stack>
  );
}
