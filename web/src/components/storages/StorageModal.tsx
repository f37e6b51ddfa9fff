import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useStorages } from '../../api/storages';
import { useT } from '../../i18n/use-t';
import { StorageFiles } from './StorageFiles';
import { StorageList } from './StorageList';

interface StorageModalProps {
  opened: boolean;
  onClose: () => void;
  /** Open this storage's files right away. */
  storageId?: string | null;
}

/**
 * The storage management modal (SPEC §2): the account's storages with their sizes, and one
 * storage's files with upload, indexing state, description and delete. Full screen on phones.
 */
export function StorageModal({ opened, onClose, storageId = null }: StorageModalProps) {
  const { t } = useT();
  const phone = useMediaQuery('(max-width: 40em)');
  const [openId, setOpenId] = useState<string | null>(storageId);
  const storages = useStorages();
  useEffect(() => {
    if (opened) setOpenId(storageId);
  }, [opened, storageId]);
  const open = storages.data?.storages.find((storage) => storage.id === openId) ?? null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={open ? open.name : t('storage.title')}
      data-testid="storage-modal"
    >
      {open && storages.data ? (
        <StorageFiles storage={open} limits={storages.data.limits} onBack={() => setOpenId(null)} />
      ) : (
        <StorageList storages={storages} onOpen={setOpenId} />
      )}
    </Modal>
  );
}
