import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { isAmoType } from '../../../../functions/shared/amocrm';
import {
  clearBitrixInstallData,
  clearPendingIntegration,
  readBitrixInstallData,
  readPendingIntegration,
} from '../../api/pending-integration';
import { STORED_KEYS, useStored } from '../../api/storage';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useT } from '../../i18n/use-t';
import { AmoFinish } from './AmoFinish';
import { BitrixConfirm } from './BitrixConfirm';

/**
 * Integration data that arrived with a link waits here (SPEC §2 forced /integrations). Confirming it
 * belongs to the integrations issue; the user can always discard it, so the forced step never traps.
 */
export function PendingIntegrationCard() {
  const { t } = useT();
  // Subscribing keeps the card in step with the stored keys.
  useStored(STORED_KEYS.integrationToConfirm);
  useStored(STORED_KEYS.bitrixInstallData);
  const [confirming, setConfirming] = useState(false);

  const pending = readPendingIntegration();
  const bitrix = readBitrixInstallData();
  const type = pending?.type ?? (bitrix ? 'bitrix' : null);
  if (!type) return null;

  const discard = () => {
    clearPendingIntegration();
    clearBitrixInstallData();
    setConfirming(false);
  };
  if (pending && isAmoType(pending.type) && 'code' in pending) {
    return <AmoFinish key={pending.code} pending={{ ...pending, type: pending.type }} discard={discard} />;
  }
  if (!pending && bitrix?.install && bitrix.DOMAIN) {
    return <BitrixConfirm install={{ domain: bitrix.DOMAIN, ticket: bitrix.install }} discard={discard} />;
  }

  return (
    <Alert
      color="blue"
      variant="light"
      title={t('integrations.pending.title', { name: t(`integration.name.${type}`) })}
    >
      <Text size="sm" mb="sm">
        {t('integrations.pending.text')}
      </Text>
      <Group>
        <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
          {t('integrations.pending.discard')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('integrations.pending.discard_title')}
        confirmLabel={t('integrations.pending.discard')}
        onConfirm={discard}
        onClose={() => setConfirming(false)}
      >
        {t('integrations.pending.discard_text', { name: t(`integration.name.${type}`) })}
      </ConfirmModal>
    </Alert>
  );
}
