import type { CrmEntity } from '../../../../../../functions/shared/crm';
import type { FIELD_ACTION_TYPES } from '../../../../../../functions/shared/schemas/bot-actions';
import { useCrmFields } from '../../../../api/crm';
import { useT } from '../../../../i18n/use-t';
import { ActionTextarea } from '../ActionTextarea';
import { CrmSelect } from './CrmSelect';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

type FieldProps = TypeSettingsProps<(typeof FIELD_ACTION_TYPES)[number]>;

/**
 * Change a lead, contact or company field: the integration, the field chosen from the CRM's fields
 * of that entity, and the value (text with {{variables}}; a list field names its options).
 */
function FieldSettings({ settings, change, error, mentions, entity }: FieldProps & { entity: CrmEntity }) {
  const { t } = useT();
  const fields = useCrmFields(settings.integration_id, entity);
  const chosen = fields.items.find((field) => field.id === settings.field);
  const options = chosen?.options?.map((option) => option.value).join(', ');
  return (
    <IntegrationSettings settings={settings} change={change} error={error}>
      <CrmSelect
        label={t('bot.action.field')}
        list={
          settings.integration_id
            ? { ...fields, items: fields.items.map((field) => ({ value: field.id, label: field.name })) }
            : null
        }
        value={settings.field || null}
        onChange={(field) => change({ field })}
        error={error('field')}
        missingText={t('crm.field_not_found')}
      />
      <ActionTextarea
        label={t('bot.action.field_value')}
        description={options ? t('crm.field_options', { options }) : undefined}
        minRows={1}
        mentions={mentions}
        value={settings.value}
        onChange={(value) => change({ value })}
        error={error('value')}
      />
    </IntegrationSettings>
  );
}

export const LeadFieldSettings = (props: FieldProps) => <FieldSettings {...props} entity="lead" />;
export const ContactFieldSettings = (props: FieldProps) => <FieldSettings {...props} entity="contact" />;
export const CompanyFieldSettings = (props: FieldProps) => <FieldSettings {...props} entity="company" />;
