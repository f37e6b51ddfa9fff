import { Group, TextInput } from '@mantine/core';
import { Counter } from '../../../../components/Counter';
import { useT } from '../../../../i18n/use-t';
import { ActionTextarea } from '../ActionTextarea';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

/** Set task: the integration, the task's type, deadline and text. */
export function TaskSettings({ settings, change, error, mentions }: TypeSettingsProps<'set_task'>) {
  const { t } = useT();
  return (
    <IntegrationSettings settings={settings} change={change} error={error}>
      <Group grow align="flex-start">
        <TextInput
          label={t('bot.action.task_type')}
          value={settings.task_type}
          maxLength={64}
          onChange={(event) => change({ task_type: event.currentTarget.value })}
          error={error('task_type')}
        />
        <Counter
          label={t('bot.action.task_deadline')}
          value={settings.deadline_minutes}
          max={60 * 24 * 365}
          onChange={(deadline_minutes) => change({ deadline_minutes })}
        />
      </Group>
      <ActionTextarea
        label={t('bot.action.task_text')}
        minRows={2}
        mentions={mentions}
        value={settings.text}
        onChange={(text) => change({ text })}
        error={error('text')}
      />
    </IntegrationSettings>
  );
}
