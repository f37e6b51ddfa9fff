import { Anchor, Button, Checkbox, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AmoSelectionItem } from '../../../../functions/shared/amocrm';
import { ApiError } from '../../api/client';
import { useCrmPipelines } from '../../api/crm';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';

interface AmoSelectionProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const keyOf = (item: AmoSelectionItem) => `${item.pipeline_id}:${item.status_id}`;

function savedSelection(data: Record<string, unknown>): AmoSelectionItem[] {
  return Array.isArray(data.selection) ? (data.selection as AmoSelectionItem[]) : [];
}

/**
 * The selection (SPEC §3: pipeline_id and status_id pairs): the deals whose stage is ticked are the
 * ones the bot answers; none ticked means every deal.
 */
export function AmoSelection({ integration, update }: AmoSelectionProps) {
  const { t } = useT();
  const pipelines = useCrmPipelines(integration.id);
  const [chosen, setChosen] = useState(() => new Set(savedSelection(integration.connection_data).map(keyOf)));
  const [busy, setBusy] = useState(false);
  const savedKeys = savedSelection(integration.connection_data).map(keyOf).sort().join(',');
  const changed = [...chosen].sort().join(',') !== savedKeys;

  const toggle = (key: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const save = async () => {
    setBusy(true);
    try {
      const selection = [...chosen].map((key) => {
        const [pipeline_id = '', status_id = ''] = key.split(':');
        return { pipeline_id, status_id };
      });
      await update({ connection_data: { selection } });
      notifySuccess(t('amo.selection.saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="amo-selection">
      <Title order={5}>{t('amo.selection.title')}</Title>
      <Text size="sm" c="dimmed">
        {chosen.size === 0 ? t('amo.selection.all') : t('amo.selection.some', { count: chosen.size })}
      </Text>
      {pipelines.isLoading && <Text size="sm">{t('crm.loading')}</Text>}
      {pipelines.error !== undefined && (
        <Text size="sm" c="red">
          {pipelines.error instanceof ApiError && pipelines.error.serverMessage
            ? pipelines.error.serverMessage
            : t('crm.load_failed')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={pipelines.retry}>
            {t('crm.retry')}
          </Anchor>
        </Text>
      )}
      {pipelines.items.map((pipeline) => (
        <Stack key={pipeline.id} gap={6}>
          <Text size="sm" fw={600}>
            {pipeline.name}
          </Text>
          <Group gap="md" wrap="wrap">
            {pipeline._embedded.statuses.map((status) => {
              const key = keyOf({ pipeline_id: pipeline.id, status_id: status.id });
              return (
                <Checkbox
                  key={key}
                  checked={chosen.has(key)}
                  onChange={(event) => toggle(key, event.currentTarget.checked)}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <ColorSwatch color={status.color} size={10} />
                      {status.name}
                    </Group>
                  }
                />
              );
            })}
          </Group>
        </Stack>
      ))}
      <Group>
        <Button variant="default" loading={busy} disabled={!changed} onClick={() => void save()}>
          {t('amo.selection.save')}
        </Button>
      </Group>
    </Stack>
  );
}
