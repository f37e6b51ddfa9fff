import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AmoType } from '../../../../functions/shared/amocrm';
import { ApiError, api } from '../../api/client';
import { INTEGRATIONS_PATH, type IntegrationView, useIntegrationList } from '../../api/integrations';
import { clearPendingIntegration, storePendingIntegration } from '../../api/pending-integration';
import { useT } from '../../i18n/use-t';
import { typePath } from './integration-links';

interface AmoFinishProps {
  pending: { type: AmoType; code: string; referer: string; state: string };
  discard: () => void;
}

/**
 * The owner came back from amoCRM's consent page: the code goes to the integration the connection
 * was started from (the state), or to a new one when it came from amoCRM's own market, and the
 * connection is finished at once (the code lives 20 minutes).
 */
export function AmoFinish({ pending, discard }: AmoFinishProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const list = useIntegrationList();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = t(`integration.name.${pending.type}`);
  const ready = list.data !== undefined;

  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    const existing = list.data?.find((item) => item.id === pending.state && item.type === pending.type);
    const finish = async () => {
      const saved = await api<IntegrationView>('POST', INTEGRATIONS_PATH, {
        ...(existing ? { id: existing.id } : {}),
        type: pending.type,
        connection_data: { code: pending.code, referer: pending.referer },
      });
      // A reload after a failure finishes into the same integration instead of making another.
      if (!existing) storePendingIntegration({ ...pending, state: saved.id });
      await list.connect(saved.id);
      clearPendingIntegration();
      await list.mutate();
      navigate(`${typePath(pending.type)}/${saved.id}`, { replace: true });
    };
    finish().catch((error: unknown) => {
      // The code is spent or expired either way: the owner starts again from the consent page, or
      // discards it (both clear the pending data).
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('unknown_error'));
      void list.mutate();
    });
  }, [ready, list, pending, navigate, t]);

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
