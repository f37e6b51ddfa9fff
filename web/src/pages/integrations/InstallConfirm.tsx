import { Alert, Button, Group, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, api } from '../../api/client';
import { INTEGRATIONS_PATH, type IntegrationView, useIntegrationList } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { typePath } from './integration-links';

/**
 * Types an application installed on their side brings to a confirmation (amoCRM's market too, the
 * YCLIENTS and Altegio marketplaces).
 */
export type InstalledType = 'bitrix' | 'retailcrm' | 'amocrm' | 'kommo' | 'yclients' | 'altegio';

interface InstallConfirmProps {
  type: InstalledType;
  /** The other system's account as the owner knows it (the portal, the CRM's address). */
  account: string;
  /** What the other system sent the owner here with: the new integration's connection data. */
  connectionData: Record<string, string>;
  /** What else the owner should see of what joins (the salon and its user). */
  details?: ReactNode;
  /** Forgets the data that waited (once it is used, or when it fails: it cannot be used twice). */
  clear: () => void;
  discard: () => void;
}

/**
 * An application installed on the other system's side sent the owner here (SPEC §3 pending
 * confirmation, Bitrix install data): the signed-in user confirms that this account joins theirs;
 * the integration is made and connected at once, and a failure stays on screen with the reason and
 * what to do, leaving nothing half-made behind.
 */
export function InstallConfirm({
  type,
  account,
  connectionData,
  details,
  clear,
  discard,
}: InstallConfirmProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const list = useIntegrationList();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = t(`integration.name.${type}`);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await api<IntegrationView>('POST', INTEGRATIONS_PATH, {
        type,
        connection_data: connectionData,
      });
      try {
        await list.connect(saved.id);
      } catch (error) {
        await list.remove(saved.id, true).catch(() => undefined);
        throw error;
      }
      clear();
      await list.mutate();
      navigate(`${typePath(type)}/${saved.id}`, { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  if (failure) {
    return (
      <Alert color="red" variant="light" title={t('integrations.confirm.failed', { name })} role="alert">
        <Text size="sm">{failure}</Text>
        <Text size="sm" mt="xs" mb="sm">
          {t(`${type}.confirm.failed_hint`)}
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
      title={t('integrations.confirm.title', { name, account })}
      data-testid={`${type}-confirm`}
    >
      {details}
      <Text size="sm" mb="sm">
        {t(`${type}.confirm.text`)}
      </Text>
      <Group>
        <Button size="xs" loading={busy} onClick={() => void confirm()}>
          {t('integrations.confirm.button')}
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={discard}>
          {t('integrations.pending.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
