import { TextInput } from '@mantine/core';
import type { FIELD_ACTION_TYPES } from '../../../../../../functions/shared/schemas/bot-actions';
import { useT } from '../../../../i18n/use-t';
import { ActionTextarea } from '../ActionTextarea';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

/** Change a lead, contact or company field: the integration, the field and its new value. */
export function FieldSettings({
  settings,
  change,
  error,
  mentions,
}: TypeSettingsProps<(typeof FIELD_ACTION_TYPES)[number]>) {
  const { t } = useT();
  return (
    <IntegrationSettings settings={settings} change={change} error={error}>
      <TextInput
        label={t('bot.action.field')}
        value={settings.field}
        maxLength={200}
        onChange={(event) => change({ field: event.currentTarget.value })}
        error={error('field')}
      />
      <ActionTextarea
        label={t('bot.action.field_value')}
        minRows={1}
        mentions={mentions}
        value={settings.value}
        onChange={(value) => change({ value })}
        error={error('value')}
      />
    </IntegrationSettings>
  );
}
