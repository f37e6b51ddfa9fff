import { Anchor, Button, EmptyState, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { MAX_DESCRIPTION, MAX_STORAGE_NAME } from '../../../../functions/shared/knowledge';
import { type StorageLimits, type StorageView, useStorageFiles, useStorages } from '../../api/storages';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { LoadFailed } from '../Alerts';
import { ConfirmDeleteModal, useConfirmedDelete } from '../ConfirmDelete';
import { PageLoader } from '../FullScreenLoader';
import { notifyError, notifySuccess } from '../notify';
import { FileRow } from './FileRow';
import { FileUpload } from './FileUpload';

interface StorageFilesProps {
  storage: StorageView;
  limits: StorageLimits;
  onBack: () => void;
}

/** One storage: its name and description for the bot, the upload, and its files with their states. */
export function StorageFiles({ storage, limits, onBack }: StorageFilesProps) {
  const { t } = useT();
  const files = useStorageFiles(storage.id);
  const storages = useStorages();
  const deletion = useConfirmedDelete<{ id: string; name: string }>({
    remove: async (file) => {
      await files.remove(file.id);
      await storages.mutate();
    },
    deletedMessage: 'storage.file_deleted',
  });
  const uploaded = async () => {
    await Promise.all([files.mutate(), storages.mutate()]);
  };

  let list: React.ReactNode;
  if (!files.data) {
    list = files.error ? (
      <LoadFailed title={t('storage.files_load_failed')} error={files.error} onRetry={() => files.mutate()} />
    ) : (
      <PageLoader />
    );
  } else if (files.data.length === 0) {
    list = (
      <EmptyState size="sm" data-testid="storage-files-empty">
        <EmptyState.Title order={4}>{t('storage.files_empty_title')}</EmptyState.Title>
        <EmptyState.Description>{t(`storage.files_empty_text.${storage.type}`)}</EmptyState.Description>
      </EmptyState>
    );
  } else {
    list = (
      <Stack gap="xs" data-testid="storage-files">
        {files.data.map((file) => (
          <FileRow
            key={file.id}
            file={file}
            onDescribe={(description) => files.update(file.id, { description })}
            onRetry={() => files.retry(file.id)}
            onDelete={() => deletion.ask(file)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component="button" type="button" size="sm" onClick={onBack} style={{ alignSelf: 'flex-start' }}>
        ← {t('storage.back')}
      </Anchor>
      <StorageDetails storage={storage} update={storages.update} />
      <FileUpload storage={storage} limits={limits} onUploaded={uploaded} />
      {list}
      <ConfirmDeleteModal
        deletion={deletion}
        title={t('storage.file_delete_title')}
        text={(file) => t('storage.file_delete_text', { name: file.name })}
      />
    </Stack>
  );
}

function StorageDetails({
  storage,
  update,
}: {
  storage: StorageView;
  update: ReturnType<typeof useStorages>['update'];
}) {
  const { t } = useT();
  const [name, setName] = useState(storage.name);
  const [description, setDescription] = useState(storage.description);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setName(storage.name);
    setDescription(storage.description);
  }, [storage.name, storage.description]);
  const changed = name.trim() !== storage.name || description.trim() !== storage.description;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await update(storage.id, { name: name.trim(), description: description.trim() });
      notifySuccess(translate('storage.saved'));
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" component="form" onSubmit={save}>
      <TextInput
        label={t('storage.name')}
        value={name}
        maxLength={MAX_STORAGE_NAME}
        onChange={(event) => setName(event.currentTarget.value)}
        error={name.trim() ? undefined : t('storage_name_required')}
      />
      <Textarea
        label={t('storage.description')}
        description={t('storage.description_hint')}
        autosize
        minRows={2}
        maxLength={MAX_DESCRIPTION}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      {changed && (
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={busy} disabled={!name.trim()}>
            {t('common.save')}
          </Button>
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t(`storage.type.${storage.type}.hint`)}
      </Text>
    </Stack>
  );
}
