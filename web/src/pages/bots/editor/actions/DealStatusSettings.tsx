import { Stack } from '@mantine/core';
import { IntegrationSettings } from './IntegrationSettings';
import { PipelineStatusSelects } from './PipelineStatusSelects';
import type { TypeSettingsProps } from './types';

/** Change deal status: the integration, then the pipeline and the status; changing the pipeline clears the status. */
export function DealStatusSettings({ settings, change, error }: TypeSettingsProps<'change_deal_status'>) {
  return (
    <IntegrationSettings settings={settings} change={change} error={error}>
      <Stack gap="sm">
        <PipelineStatusSelects
          integrationId={settings.integration_id}
          pipelineId={settings.pipeline_id}
          statusId={settings.status_id}
          onChange={({ pipelineId, statusId }) =>
            change({ ...(pipelineId === undefined ? {} : { pipeline_id: pipelineId }), status_id: statusId })
          }
          pipelineError={error('pipeline_id')}
          statusError={error('status_id')}
        />
      </Stack>
    </IntegrationSettings>
  );
}
