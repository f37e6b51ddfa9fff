import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { isAmoType } from '../../../../functions/shared/amocrm';
import {
  clearBitrixInstallData,
  clearIncompleteIntegrationLink,
  clearPendingIntegration,
  readBitrixInstallData,
  readIncompleteIntegrationLink,
  readPendingIntegration,
} from '../../api/pending-integration';
import { STORED_KEYS, useStored } from '../../api/storage';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useT } from '../../i18n/use-t';
import { AmoFinish } from './AmoFinish';
import { InstallConfirm } from './InstallConfirm';
import { SalonConfirmDetails } from './SalonConfirmDetails';
import { readSalonUser } from './salon-user-data';

/**
 * Integration data that arrived with a link waits here (SPEC §2 forced /integrations) to be confirmed
 * by the signed-in owner; the user can always discard it, so the forced step never traps.
 */
export function PendingIntegrationCard() {
  const { t } = useT();
  // Subscribing keeps the card in step with the stored keys.
  useStored(STORED_KEYS.integrationToConfirm);
  useStored(STORED_KEYS.bitrixInstallData);
  useStored(STORED_KEYS.incompleteIntegrationLink);
  const [confirming, setConfirming] = useState(false);

  const pending = readPendingIntegration();
  const bitrix = readBitrixInstallData();
  const incomplete = readIncompleteIntegrationLink();
  const type = pending?.type ?? (bitrix ? 'bitrix' : null);
  if (!type) {
    if (!incomplete) return null;
    const name = t(`integration.name.${incomplete.type}`);
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('integrations.pending.incomplete_title', { name })}
        withCloseButton
        closeButtonLabel={t('integrations.pending.incomplete_close')}
        onClose={clearIncompleteIntegrationLink}
      >
        {t('integrations.pending.incomplete', { name, fields: incomplete.missing.join(', ') })}
      </Alert>
    );
  }

  const discard = () => {
    clearPendingIntegration();
    clearBitrixInstallData();
    setConfirming(false);
  };
  if (pending && isAmoType(pending.type) && 'consent' in pending) {
    // A consent started here finishes at once (the server checks its state); an install from the
    // market waits for the owner to confirm which account joins theirs.
    if (pending.consent) {
      return (
        <AmoFinish key={pending.install} pending={{ ...pending, type: pending.type }} discard={discard} />
      );
    }
    return (
      <InstallConfirm
        key={pending.install}
        type={pending.type}
        account={pending.account}
        connectionData={{ install: pending.install }}
        clear={clearPendingIntegration}
        discard={discard}
      />
    );
  }
  if (!pending && bitrix?.install && bitrix.DOMAIN) {
    return (
      <InstallConfirm
        type="bitrix"
        account={bitrix.DOMAIN}
        connectionData={{ install: bitrix.install }}
        clear={clearBitrixInstallData}
        discard={discard}
      />
    );
  }
  if (pending && 'salonId' in pending) {
    // A YCLIENTS / Altegio marketplace install: the server checks the signature and activates the
    // application (within the hour of the click in the marketplace).
    const user = readSalonUser(pending.userData);
    return (
      <InstallConfirm
        key={`${pending.salonId}:${pending.userDataSign}`}
        type={pending.type}
        account={user.salonName ?? pending.salonId}
        connectionData={{
          salon_id: pending.salonId,
          user_data: pending.userData,
          user_data_sign: pending.userDataSign,
        }}
        details={<SalonConfirmDetails type={pending.type} salonId={pending.salonId} user={user} />}
        clear={clearPendingIntegration}
        discard={discard}
      />
    );
  }
  if (pending?.type === 'retailcrm') {
    return (
      <InstallConfirm
        key={pending.install}
        type="retailcrm"
        account={pending.account}
        connectionData={{ install: pending.install }}
        clear={clearPendingIntegration}
        discard={discard}
      />
    );
  }

  return (
    <Alert
      color="blue"
      variant="light"
      title={t('integrations.pending.title', { name: t(`integration.name.${type}`) })}
      data-testid="pending-integration"
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
