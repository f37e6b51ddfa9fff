import { Group, TextInput } from '@mantine/core';
import { useT } from '../../../../i18n/use-t';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

/** Change deal status: the integration, the pipeline and the status to move the deal to. */
export function DealStatusSettings({ settings, change, error }: TypeSettingsProps<'change_deal_status'>) {
  const { t } = useT();
  return (
    <IntegrationSettings settings={settings} change={change} error={error}>
      <Group grow align="flex-start">
        <TextInput
          label={t('bot.action.pipeline')}
          value={settings.pipeline_id ?? ''}
          onChange={(event) => change({ pipeline_id: event.currentTarget.value || null })}
        />
        <TextInput
          label={t('bot.action.status')}
          value={settings.status_id ?? ''}
          onChange={(event) => change({ status_id: event.currentTarget.value || null })}
          error={error('status_id')}
        />
      </Group>
    </IntegrationSettings>
  );
}
