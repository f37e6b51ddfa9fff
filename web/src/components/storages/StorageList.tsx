import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { MAX_DESCRIPTION, MAX_STORAGE_NAME, type StorageType } from '../../../../functions/shared/knowledge';
import { isApiError } from '../../api/errors';
import type { StorageView, useStorages } from '../../api/storages';
import { formatBytes } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { LoadFailed } from '../Alerts';
import { ConfirmDeleteModal, DeleteRowButton, useConfirmedDelete } from '../ConfirmDelete';
import { PageLoader } from '../FullScreenLoader';
import { notifyError } from '../notify';

interface StorageListProps {
  storages: ReturnType<typeof useStorages>;
  onOpen: (id: string) => void;
}

/** The account's storages, the space used, and a form to create one. */
export function StorageList({ storages, onOpen }: StorageListProps) {
  const { t, lang } = useT();
  const { data, error, isLoading, mutate } = storages;
  const deletion = useConfirmedDelete<StorageView>({
    remove: (storage) => storages.remove(storage.id),
    deletedMessage: 'storage.deleted',
  });
  if (!data) {
    return error ? (
      <LoadFailed title={t('storage.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      isLoading && <PageLoader />
    );
  }
  const { limits } = data;
  return (
    <Stack gap="md">
      <Stack gap={4} data-testid="storage-usage">
        <Text size="sm">
          {t('storage.usage', {
            used: formatBytes(limits.used_bytes, lang),
            total: formatBytes(limits.account_bytes, lang),
          })}
        </Text>
        <Progress value={(limits.used_bytes * 100) / limits.account_bytes} size="sm" />
      </Stack>
      {data.storages.length === 0 ? (
        <EmptyState size="sm" data-testid="storage-empty">
          <EmptyState.Title order={4}>{t('storage.empty_title')}</EmptyState.Title>
          <EmptyState.Description>{t('storage.empty_text')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <Stack gap="xs">
          {data.storages.map((storage) => (
            <Paper key={storage.id} withBorder radius="md" p="sm" data-testid="storage-row">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {storage.name}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light" color={storage.type === 'vector' ? 'blue' : 'grape'}>
                      {t(`storage.type.${storage.type}`)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {t('storage.summary', {
                        count: storage.files_count,
                        size: formatBytes(storage.size_bytes, lang),
                      })}
                    </Text>
                  </Group>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button size="compact-sm" variant="light" onClick={() => onOpen(storage.id)}>
                    {t('storage.open')}
                  </Button>
                  <DeleteRowButton
                    label={t('storage.delete_named', { name: storage.name })}
                    onClick={() => deletion.ask(storage)}
                  />
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <CreateStorageForm create={storages.create} onCreated={onOpen} />
      <ConfirmDeleteModal
        deletion={deletion}
        title={t('storage.delete_title')}
        text={(storage) => t('storage.delete_text', { name: storage.name })}
      />
    </Stack>
  );
}

function CreateStorageForm({
  create,
  onCreated,
}: {
  create: ReturnType<typeof useStorages>['create'];
  onCreated: (id: string) => void;
}) {
  const { t } = useT();
  const [type, setType] = useState<StorageType>('vector');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: t('storage_name_required') });
    setBusy(true);
    try {
      const created = await create({ type, name: name.trim(), description: description.trim() });
      setName('');
      setDescription('');
      setErrors({});
      onCreated(created.id);
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length > 0) setErrors(failure.fields);
      else notifyError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} data-testid="storage-create">
      <Stack gap="sm">
        <Text fw={600}>{t('storage.create_title')}</Text>
        <SegmentedControl
          fullWidth
          value={type}
          onChange={(value) => setType(value === 'media' ? 'media' : 'vector')}
          data={[
            { value: 'vector', label: t('storage.type.vector') },
            { value: 'media', label: t('storage.type.media') },
          ]}
        />
        <Text size="xs" c="dimmed">
          {t(`storage.type.${type}.hint`)}
        </Text>
        <TextInput
          label={t('storage.name')}
          value={name}
          maxLength={MAX_STORAGE_NAME}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <Textarea
          label={t('storage.description')}
          description={t('storage.description_hint')}
          autosize
          minRows={2}
          maxLength={MAX_DESCRIPTION}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('storage.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
