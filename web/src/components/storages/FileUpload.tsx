import { Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { type DragEvent, useState } from 'react';
import { errorText } from '../../api/errors';
import { type StorageLimits, type StorageView, uploadStorageFile } from '../../api/storages';
import { formatBytes } from '../../i18n/format';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { uploadProblem } from './upload-check';

interface Uploading {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

interface FileUploadProps {
  storage: StorageView;
  limits: StorageLimits;
  onUploaded: () => Promise<void>;
}

/**
 * Choosing or dropping files: the allowed types and limits are shown first, a file the server
 * would refuse is refused here with the same message, and each upload shows its progress.
 */
export function FileUpload({ storage, limits, onUploaded }: FileUploadProps) {
  const { t, lang } = useT();
  const [uploads, setUploads] = useState<Uploading[]>([]);
  const [dragging, setDragging] = useState(false);
  const patch = (key: string, changes: Partial<Uploading>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  const start = async (files: File[]) => {
    let queued = 0;
    const accepted: { file: File; key: string }[] = [];
    const added: Uploading[] = [];
    for (const file of files) {
      const key = `${file.name}-${crypto.randomUUID()}`;
      const problem = uploadProblem(file, storage.type, limits, queued);
      if (problem) {
        added.push({ key, name: file.name, progress: 0, error: translate(problem.id, problem.values) });
        continue;
      }
      queued += file.size;
      accepted.push({ file, key });
      added.push({ key, name: file.name, progress: 0, error: null });
    }
    setUploads((list) => [...list.filter((item) => item.error === null && item.progress < 100), ...added]);
    for (const { file, key } of accepted) {
      try {
        await uploadStorageFile(storage.id, file, '', (progress) => patch(key, { progress }));
        setUploads((list) => list.filter((item) => item.key !== key));
        await onUploaded();
      } catch (failure) {
        patch(key, { error: errorText(failure) });
      }
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void start([...event.dataTransfer.files]);
  };

  const extensions = limits.extensions[storage.type].map((ext) => ext.toUpperCase()).join(', ');
  const free = Math.max(0, limits.account_bytes - limits.used_bytes);
  return (
    <Stack gap="xs">
      <Paper
        withBorder
        radius="md"
        p="md"
        data-testid="storage-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        style={{ borderStyle: 'dashed', background: dragging ? 'var(--mantine-color-blue-0)' : undefined }}
      >
        <Stack gap={6} align="center">
          <FileButton
            multiple
            accept={limits.extensions[storage.type].map((ext) => `.${ext}`).join(',')}
            onChange={(files) => void start(files)}
          >
            {(props) => <Button {...props}>{t('storage.upload')}</Button>}
          </FileButton>
          <Text size="xs" c="dimmed" ta="center">
            {t('storage.upload_hint', {
              types: extensions,
              max: formatBytes(limits.file_bytes, lang),
              free: formatBytes(free, lang),
            })}
          </Text>
        </Stack>
      </Paper>
      {uploads.map((item) => (
        <Stack key={item.key} gap={2} data-testid="upload-item">
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" truncate>
              {item.name}
            </Text>
            {item.error === null && (
              <Text size="xs" c="dimmed">
                {item.progress}%
              </Text>
            )}
          </Group>
          {item.error === null ? (
            <Progress
              value={item.progress}
              size="sm"
              aria-label={t('storage.uploading', { name: item.name })}
            />
          ) : (
            <Text size="xs" c="red" data-testid="upload-error">
              {item.error}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
