import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, api } from '../../api/client';
import { INTEGRATIONS_PATH, type IntegrationView, useIntegrationList } from '../../api/integrations';
import { clearBitrixInstallData } from '../../api/pending-integration';
import { useT } from '../../i18n/use-t';
import { typePath } from './integration-links';

interface BitrixConfirmProps {
  /** The portal and the sealed install ticket Bitrix24's install page sent the owner here with. */
  install: { domain: string; ticket: string };
  discard: () => void;
}

/**
 * Bitrix24 installed the application and sent the administrator here (SPEC §3 Bitrix install data):
 * the signed-in user confirms that this portal joins their account; the integration is made and
 * connected at once, and a failure stays on screen with the reason.
 */
export function BitrixConfirm({ install, discard }: BitrixConfirmProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const list = useIntegrationList();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = t('integration.name.bitrix');

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await api<IntegrationView>('POST', INTEGRATIONS_PATH, {
        type: 'bitrix',
        connection_data: { install: install.ticket },
      });
      try {
        await list.connect(saved.id);
      } catch (error) {
        // Nothing half-made stays behind: the next install from Bitrix24 starts clean.
        await list.remove(saved.id, true).catch(() => undefined);
        throw error;
      }
      clearBitrixInstallData();
      await list.mutate();
      navigate(`${typePath('bitrix')}/${saved.id}`, { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  if (failure) {
    return (
      <Alert color="red" variant="light" title={t('bitrix.confirm.failed', { name })} role="alert">
        <Text size="sm">{failure}</Text>
        <Text size="sm" mt="xs" mb="sm">
          {t('bitrix.confirm.failed_hint')}
        </Text>
        <Button size="xs" variant="default" onClick={discard}>
          {t('integrations.pending.discard')}
        </Button>
      </Alert>
    );
  }
  return (
    <Alert
      color="blue"
      variant="light"
      title={t('bitrix.confirm.title', { name, domain: install.domain })}
      data-testid="bitrix-confirm"
    >
      <Text size="sm" mb="sm">
        {t('bitrix.confirm.text')}
      </Text>
      <Group>
        <Button size="xs" loading={busy} onClick={() => void confirm()}>
          {t('bitrix.confirm.button')}
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={discard}>
          {t('integrations.pending.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
