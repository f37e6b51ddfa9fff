import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AmoType } from '../../../../functions/shared/amocrm';
import { ApiError, api } from '../../api/client';
import { INTEGRATIONS_PATH, type IntegrationView, useIntegrationList } from '../../api/integrations';
import { clearPendingIntegration } from '../../api/pending-integration';
import { useT } from '../../i18n/use-t';
import { typePath } from './integration-links';

interface AmoFinishProps {
  pending: { type: AmoType; install: string };
  discard: () => void;
}

/**
 * The owner came back from amoCRM's consent page that they started here: the server finishes the
 * sealed return into the integration the consent was started from, for this account only (its
 * single-use state), and connects it at once (the code lives 20 minutes).
 */
export function AmoFinish({ pending, discard }: AmoFinishProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const list = useIntegrationList();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = t(`integration.name.${pending.type}`);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = async () => {
      const saved = await api<IntegrationView>('POST', `${INTEGRATIONS_PATH}/amo/finish`, {
        ticket: pending.install,
      });
      clearPendingIntegration();
      await list.mutate();
      navigate(`${typePath(pending.type)}/${saved.id}`, { replace: true });
    };
    finish().catch((error: unknown) => {
      // The state is spent (or was never this account's): the owner starts again from the consent
      // page, or discards it (both clear the pending data).
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('unknown_error'));
      void list.mutate();
    });
  }, [list, pending, navigate, t]);

  if (failure) {
    return (
      <Alert color="red" variant="light" title={t('amo.finish.failed', { name })} role="alert">
        <Text size="sm" mb="sm">
          {failure}
        </Text>
        <Group>
          <Button
            size="xs"
            onClick={() => {
              clearPendingIntegration();
              navigate(typePath(pending.type));
            }}
          >
            {t('amo.finish.retry')}
          </Button>
          <Button size="xs" variant="default" onClick={discard}>
            {t('integrations.pending.discard')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" data-testid="amo-finishing">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm">{t('amo.finish.title', { name })}</Text>
      </Group>
    </Alert>
  );
}
