import { Stack } from '@mantine/core';
import { useCrmPipelines } from '../../../../api/crm';
import { useT } from '../../../../i18n/use-t';
import { CrmSelect } from './CrmSelect';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

/**
 * Change deal status: the integration, then the pipeline and the status chosen from the CRM's real
 * lists (SPEC §3 pipelines with _embedded.statuses); changing the pipeline clears the status.
 */
export function DealStatusSettings({ settings, change, error }: TypeSettingsProps<'change_deal_status'>) {
  const { t } = useT();
  const pipelines = useCrmPipelines(settings.integration_id);
  const chosen = pipelines.items.find((pipeline) => pipeline.id === settings.pipeline_id);
  const statuses = chosen?._embedded.statuses ?? [];
  const list = settings.integration_id ? pipelines : null;
  return (
    <IntegrationSettings settings={settings} change={change} error={error}>
      <Stack gap="sm">
        <CrmSelect
          label={t('bot.action.pipeline')}
          list={
            list && {
              ...list,
              items: pipelines.items.map((pipeline) => ({ value: pipeline.id, label: pipeline.name })),
            }
          }
          value={settings.pipeline_id}
          onChange={(pipeline_id) => change({ pipeline_id, status_id: null })}
          error={error('pipeline_id')}
          missingText={t('select.option_not_found')}
        />
        <CrmSelect
          label={t('bot.action.status')}
          list={
            list && chosen
              ? { ...list, items: statuses.map((status) => ({ value: status.id, label: status.name })) }
              : null
          }
          idleText={list ? t('crm.choose_pipeline') : undefined}
          value={settings.status_id}
          onChange={(status_id) => change({ status_id })}
          error={error('status_id')}
          missingText={t('select.option_not_found')}
        />
      </Stack>
    </IntegrationSettings>
  );
}
