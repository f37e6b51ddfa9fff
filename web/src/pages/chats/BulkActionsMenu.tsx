import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { BULK_ACTIONS, type BulkAction } from '../../../../functions/shared/schemas/chats';
import { bulkChats } from '../../api/chats';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifyError, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';

interface BulkActionsMenuProps {
  ids: string[];
  onDone: (action: BulkAction) => void;
}

/** SPEC §2, §4: one action on the selected chats; stopping and deleting ask first. */
export function BulkActionsMenu({ ids, onDone }: BulkActionsMenuProps) {
  const { t } = useT();
  const [asking, setAsking] = useState<'stop' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: BulkAction) => {
    setBusy(true);
    try {
      const done = await bulkChats(ids, action);
      notifySuccess(t('chats.bulk.done', { count: done.count }));
      setAsking(null);
      onDone(action);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" disabled={ids.length === 0} loading={busy && asking === null}>
            {t('chats.bulk')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {BULK_ACTIONS.map((action) => (
            <Menu.Item
              key={action}
              color={action === 'delete' || action === 'stop' ? 'red' : undefined}
              onClick={() =>
                action === 'delete' || action === 'stop' ? setAsking(action) : void run(action)
              }
            >
              {t(`chats.bulk.${action}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={asking !== null}
        title={asking === 'delete' ? t('chats.bulk.delete_title') : t('chats.bulk.stop_title')}
        confirmLabel={asking === 'delete' ? t('chats.bulk.delete') : t('chats.bulk.stop')}
        loading={busy}
        onConfirm={() => asking && void run(asking)}
        onClose={() => setAsking(null)}
      >
        {asking === 'delete'
          ? t('chats.bulk.delete_text', { count: ids.length })
          : t('chats.bulk.stop_text', { count: ids.length })}
      </ConfirmModal>
    </>
  );
}
