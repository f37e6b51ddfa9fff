import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useStorages } from '../../../api/storages';
import { AppSelect } from '../../../components/AppSelect';
import { StorageModal } from '../../../components/storages/StorageModal';
import { formatBytes } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';

const NONE = 'none';

/** The bot's document storage (storage_id), and the way into the storage management modal. */
export function StoragePicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t, lang } = useT();
  const storages = useStorages();
  const [managing, setManaging] = useState(false);
  const documents = (storages.data?.storages ?? []).filter((storage) => storage.type === 'vector');
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <AppSelect
        label={t('bot.storage.select')}
        style={{ flex: '1 1 16rem' }}
        value={storages.data ? (value ?? NONE) : null}
        disabled={!storages.data}
        data={[
          { value: NONE, label: t('bot.storage.none') },
          ...documents.map((storage) => ({
            value: storage.id,
            label: `${storage.name} · ${formatBytes(storage.size_bytes, lang)}`,
          })),
        ]}
        onChange={(next) => onChange(next === NONE ? null : next)}
        data-testid="bot-storage"
      />
      <Button variant="default" onClick={() => setManaging(true)} data-testid="manage-storages">
        {t('bot.storage.manage')}
      </Button>
      <StorageModal
        opened={managing}
        onClose={() => setManaging(false)}
        storageId={value && documents.some((storage) => storage.id === value) ? value : null}
      />
    </Group>
  );
}
