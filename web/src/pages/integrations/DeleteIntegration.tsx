import { Button, List, Text } from '@mantine/core';
import { useState } from 'react';
import { type BoundBot, boundBots } from '../../api/integrations';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifyError, notifySuccess } from '../../components/notify';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

interface DeleteIntegrationProps {
  name: string;
  /** What else deleting changes, said in the question (the own ChatGPT key moves the bots back). */
  warning?: string;
  remove: (confirmed: boolean) => Promise<void>;
  onDeleted: () => void;
}

/**
 * Delete after asking (SPEC §4). The first try is unconfirmed: if the integration is bound to bots
 * the server lists them, the question names them, and only then is the detaching delete sent.
 */
export function DeleteIntegration({ name, warning, remove, onDeleted }: DeleteIntegrationProps) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [bots, setBots] = useState<BoundBot[] | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setBots(null);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await remove(bots !== null);
      close();
      notifySuccess(translate('integrations.deleted'));
      onDeleted();
    } catch (error) {
      const bound = boundBots(error);
      if (bound) setBots(bound);
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>
        {t('integrations.delete')}
      </Button>
      <ConfirmModal
        opened={open}
        title={t('integrations.delete_title')}
        confirmLabel={bots ? t('integrations.delete_bound_confirm') : t('integrations.delete')}
        loading={busy}
        onConfirm={confirm}
        onClose={close}
      >
        {bots ? (
          <>
            <Text mb="xs">{t('integrations.delete_bound_text')}</Text>
            <List data-testid="integration-bound-bots">
              {bots.map((bot) => (
                <List.Item key={bot.id}>{bot.name}</List.Item>
              ))}
            </List>
          </>
        ) : (
          [t('integrations.delete_text', { name }), warning].filter(Boolean).join(' ')
        )}
      </ConfirmModal>
    </>
  );
}
