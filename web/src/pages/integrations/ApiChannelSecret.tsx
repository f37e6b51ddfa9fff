import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { revealSigningSecret, rotateSigningSecret } from '../../api/api-channel';
import type { IntegrationView } from '../../api/integrations';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifyError, notifySuccess } from '../../components/notify';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { CopyValue } from './CopyValue';

/**
 * The API channel's signing secret: the one made on connecting is shown once, on request (a page
 * opened elsewhere must not use it up); after that only a new one can be made, which replaces the old
 * at once, so that is asked first.
 */
export function ApiChannelSecret({ integration }: { integration: IntegrationView }) {
  const { t } = useT();
  const [secret, setSecret] = useState<string | null>(null);
  const [shownBefore, setShownBefore] = useState(
    typeof integration.connection_data.secret_shown_at === 'string',
  );
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  const reveal = async () => {
    setBusy(true);
    try {
      const answer = await revealSigningSecret(integration.id);
      if (answer.secret) setSecret(answer.secret);
      else setShownBefore(true);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const rotate = async () => {
    setBusy(true);
    try {
      const answer = await rotateSigningSecret(integration.id);
      setSecret(answer.secret);
      setAsking(false);
      notifySuccess(translate('api_channel.secret_rotated'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="api-channel-secret">
      {secret ? (
        <>
          <CopyValue label={t('api_channel.secret')} value={secret} testId="api-channel-secret-value" />
          <Alert color="yellow" variant="light">
            {t('api_channel.secret_once')}
          </Alert>
        </>
      ) : (
        <>
          <Text size="sm" fw={500}>
            {t('api_channel.secret')}
          </Text>
          <Text size="sm" c="dimmed">
            {t(shownBefore ? 'api_channel.secret_hidden' : 'api_channel.secret_hint')}
          </Text>
        </>
      )}
      <Group gap="xs">
        {!secret && !shownBefore && (
          <Button variant="light" loading={busy} onClick={() => void reveal()}>
            {t('api_channel.secret_show')}
          </Button>
        )}
        {(secret || shownBefore) && (
          <Button variant="default" disabled={busy} onClick={() => setAsking(true)}>
            {t('api_channel.secret_rotate')}
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={asking}
        title={t('api_channel.secret_rotate_title')}
        confirmLabel={t('api_channel.secret_rotate')}
        loading={busy}
        onConfirm={() => void rotate()}
        onClose={() => setAsking(false)}
      >
        {t('api_channel.secret_rotate_text')}
      </ConfirmModal>
    </Stack>
  );
}
