import { Badge, Button, Group, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MAX_DESCRIPTION } from '../../../../functions/shared/knowledge';
import { useProfile } from '../../api/profile';
import type { StorageFileView } from '../../api/storages';
import { formatBytes, formatMoney } from '../../i18n/format';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { DeleteRowButton } from '../ConfirmDelete';
import { notifyError } from '../notify';

interface FileRowProps {
  file: StorageFileView;
  onDescribe: (description: string) => Promise<void>;
  onRetry: () => Promise<void>;
  onDelete: () => void;
}

const STATE_COLOR = { pending: 'gray', indexing: 'blue', ready: 'green', failed: 'red' } as const;

/** A file: name, size, its indexing state (progress, price or why it failed), its description. */
export function FileRow({ file, onDescribe, onRetry, onDelete }: FileRowProps) {
  const { t, lang } = useT();
  const currency = useProfile().data?.currency ?? 'rub';
  const [description, setDescription] = useState(file.description);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => setDescription(file.description), [file.description]);
  const saveDescription = async () => {
    if (description.trim() === file.description) return;
    try {
      await onDescribe(description.trim());
    } catch (failure) {
      notifyError(failure);
    }
  };
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } catch (failure) {
      notifyError(failure);
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="storage-file" data-state={file.state}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate title={file.name}>
              {file.name}
            </Text>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {formatBytes(file.size_bytes, lang)}
              </Text>
              <Badge size="sm" variant="light" color={STATE_COLOR[file.state]} data-testid="file-state">
                {file.state === 'indexing'
                  ? t('storage.state.indexing', { progress: file.progress })
                  : t(`storage.state.${file.state}`)}
              </Badge>
              {file.state === 'ready' && file.index_price_minor > 0 && (
                <Text size="xs" c="dimmed">
                  {t('storage.index_price', { price: formatMoney(file.index_price_minor, currency, lang) })}
                </Text>
              )}
            </Group>
          </Stack>
          <DeleteRowButton label={t('storage.file_delete_named', { name: file.name })} onClick={onDelete} />
        </Group>
        {(file.state === 'indexing' || file.state === 'pending') && (
          <Progress
            value={file.progress}
            size="xs"
            animated
            aria-label={t('storage.state.indexing', { progress: file.progress })}
          />
        )}
        {file.state === 'failed' && (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="red" data-testid="file-error">
              {file.error ? t(file.error as MessageId) : t('unknown_error')}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              loading={retrying}
              onClick={retry}
              style={{ flexShrink: 0 }}
            >
              {t('storage.retry')}
            </Button>
          </Group>
        )}
        <TextInput
          size="xs"
          placeholder={t('storage.file_description')}
          aria-label={t('storage.file_description_named', { name: file.name })}
          maxLength={MAX_DESCRIPTION}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          onBlur={saveDescription}
        />
      </Stack>
    </Paper>
  );
}
