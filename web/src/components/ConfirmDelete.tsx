import { Button } from '@mantine/core';
import { useState } from 'react';
import { type MessageId, t as translate } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { ConfirmModal } from './ConfirmModal';
import { notifyError, notifySuccess } from './notify';

interface ConfirmedDeleteOptions<T> {
  remove: (item: T) => Promise<unknown>;
  /** Shown once the item is deleted. */
  deletedMessage: MessageId;
  /** Told when deleting the item starts and ends (a list marks the item's row busy). */
  onBusy?: (item: T, busy: boolean) => void;
}

/**
 * Deleting a list item after asking: `ask(item)` opens the confirmation, confirming deletes it and
 * says so; a failure is notified and the confirmation stays open to try again or cancel.
 */
export function useConfirmedDelete<T>({ remove, deletedMessage, onBusy }: ConfirmedDeleteOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    onBusy?.(target, true);
    try {
      await remove(target);
      setTarget(null);
      notifySuccess(translate(deletedMessage));
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
      onBusy?.(target, false);
    }
  };

  return { target, busy, ask: setTarget, confirm, cancel: () => setTarget(null) };
}

export type ConfirmedDelete<T> = ReturnType<typeof useConfirmedDelete<T>>;

interface ConfirmDeleteModalProps<T> {
  deletion: ConfirmedDelete<T>;
  title: string;
  /** What is about to be deleted, named. */
  text: (item: T) => string;
}

/** The confirmation of a `useConfirmedDelete`, with a red Delete button. */
export function ConfirmDeleteModal<T>({ deletion, title, text }: ConfirmDeleteModalProps<T>) {
  const { t } = useT();
  return (
    <ConfirmModal
      opened={deletion.target !== null}
      title={title}
      confirmLabel={t('common.delete')}
      loading={deletion.busy}
      onConfirm={deletion.confirm}
      onClose={deletion.cancel}
    >
      {deletion.target !== null ? text(deletion.target) : null}
    </ConfirmModal>
  );
}

interface DeleteRowButtonProps {
  /** The accessible name, naming the row's item. */
  label: string;
  disabled?: boolean;
  onClick: () => void;
}

/** The Delete button at the end of a table row. */
export function DeleteRowButton({ label, disabled, onClick }: DeleteRowButtonProps) {
  const { t } = useT();
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="red"
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      {t('common.delete')}
    </Button>
  );
}
