import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorText } from '../api/errors';
import { useT } from '../i18n/use-t';

interface ErrorModalProps {
  /** The failure; the modal opens for each new one. */
  error: unknown;
  onRetry: () => unknown;
  onCancel?: () => void;
}

/** SPEC §2/§8 error modal 'Возникла ошибка!' with Cancel and Try again, for failed loads. */
export function ErrorModal({ error, onRetry, onCancel }: ErrorModalProps) {
  const { t } = useT();
  const [dismissed, setDismissed] = useState<unknown>(null);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (!error) setDismissed(null);
  }, [error]);
  const opened = Boolean(error) && dismissed !== error;

  const cancel = () => {
    setDismissed(error);
    onCancel?.();
  };
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={t('error.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="error-modal"
    >
      <Text mb="lg">{errorText(error)}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={cancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={retry} loading={retrying}>
          {t('common.try_again')}
        </Button>
      </Group>
    </Modal>
  );
}
