import { Button, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useMediaFiles } from '../../../../api/storages';
import { StorageModal } from '../../../../components/storages/StorageModal';
import { useT } from '../../../../i18n/use-t';
import type { TypeSettingsProps } from './types';

/** Send media: the files of the account's media storages the action sends (SPEC §5: at least one). */
export function SendMediaSettings({ settings, change, error }: TypeSettingsProps<'send_media'>) {
  const { t } = useT();
  const media = useMediaFiles();
  const [managing, setManaging] = useState(false);
  const groups = (media.data ?? []).map(({ storage, files }) => ({
    group: storage.name,
    items: files.map((file) => ({ value: file.id, label: file.name })),
  }));
  const known = new Set(groups.flatMap((group) => group.items.map((item) => item.value)));
  const missing = media.data ? settings.files.filter((id) => !known.has(id)) : [];
  return (
    <Stack gap="xs">
      <MultiSelect
        label={t('bot.action.media.files')}
        placeholder={settings.files.length === 0 ? t('select.placeholder') : undefined}
        nothingFoundMessage={t('select.nothing_found')}
        data={[
          ...groups.filter((group) => group.items.length > 0),
          ...(missing.length
            ? [
                {
                  group: '—',
                  items: missing.map((id) => ({ value: id, label: t('select.option_not_found') })),
                },
              ]
            : []),
        ]}
        value={settings.files}
        onChange={(files) => change({ files })}
        error={error('files')}
        searchable
        data-testid="media-files"
      />
      {media.data && known.size === 0 && (
        <Text size="xs" c="dimmed">
          {t('bot.action.media.none')}
        </Text>
      )}
      <Button
        variant="default"
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setManaging(true)}
      >
        {t('bot.storage.manage')}
      </Button>
      <StorageModal
        opened={managing}
        onClose={() => {
          setManaging(false);
          void media.mutate();
        }}
      />
    </Stack>
  );
}
