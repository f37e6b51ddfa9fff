import { Group, Stack } from '@mantine/core';
import { useCrmStaff, useCrmTaskTypes } from '../../../../api/crm';
import { useIntegrations } from '../../../../api/integrations';
import { Counter } from '../../../../components/Counter';
import { useT } from '../../../../i18n/use-t';
import { ActionTextarea } from '../ActionTextarea';
import { CrmSelect } from './CrmSelect';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

/**
 * Set task: the integration, the task type and the responsible manager from the CRM's lists (the
 * deal's responsible when none is chosen), the deadline and the text.
 */
export function TaskSettings({ settings, change, error, mentions }: TypeSettingsProps<'set_task'>) {
  const { t } = useT();
  const id = settings.integration_id;
  const { integrations } = useIntegrations(id !== null);
  const type = integrations.find((item) => item.id === id)?.type ?? null;
  const types = useCrmTaskTypes(id);
  const staff = useCrmStaff(type, id);
  const staffForbidden = staff.error !== undefined;
  return (
    <IntegrationSettings settings={settings} change={change} error={error}>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <CrmSelect
            label={t('bot.action.task_type')}
            list={
              id
                ? { ...types, items: types.items.map((item) => ({ value: item.id, label: item.name })) }
                : null
            }
            value={settings.task_type || null}
            onChange={(task_type) => change({ task_type })}
            error={error('task_type')}
            missingText={t('select.option_not_found')}
          />
          <Counter
            label={t('bot.action.task_deadline')}
            value={settings.deadline_minutes}
            max={60 * 24 * 365}
            onChange={(deadline_minutes) => change({ deadline_minutes })}
          />
        </Group>
        <CrmSelect
          label={t('crm.responsible')}
          description={staffForbidden ? undefined : t('crm.responsible_hint')}
          list={
            id && type
              ? { ...staff, items: staff.items.map((user) => ({ value: user.id, label: user.name })) }
              : null
          }
          value={settings.responsible_id}
          onChange={(responsible_id) => change({ responsible_id })}
          clearable
          onClear={() => change({ responsible_id: null })}
          missingText={t('select.option_not_found')}
        />
        <ActionTextarea
          label={t('bot.action.task_text')}
          minRows={2}
          mentions={mentions}
          value={settings.text}
          onChange={(text) => change({ text })}
          error={error('text')}
        />
      </Stack>
    </IntegrationSettings>
  );
}
