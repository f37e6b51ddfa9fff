import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { IntegrationType } from '../../../../../db/schema/integrations';
import { useIntegrations } from '../../../api/integrations';
import { AppSelect } from '../../../components/AppSelect';
import { useT } from '../../../i18n/use-t';
import { PATHS } from '../../../routes/paths';
import { integrationName } from '../integration-names';

interface IntegrationFieldProps {
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
  /** Only these types can serve the action (a booking one in a salon or a calendar). */
  types?: readonly IntegrationType[];
  /** The field's label when it is not the action's own integration. */
  label?: string;
  /** What to say when the account has none of `types` (default: no integrations connected). */
  emptyText?: string;
}

/**
 * The integration an action works through: a CRM or booking system of the account (a data source),
 * or a payment link's terminal; channels and models run no actions; with none, an offer to connect one.
 */
export function IntegrationField({ value, onChange, error, types, label, emptyText }: IntegrationFieldProps) {
  const { t } = useT();
  const { integrations: all, isLoading } = useIntegrations(true);
  const integrations = all.filter(
    (item) =>
      (item.kind === 'data_source' || item.kind === 'payments') && (!types || types.includes(item.type)),
  );
  if (!isLoading && integrations.length === 0) {
    return (
      <div>
        <Text size="sm" c={error ? 'red' : 'dimmed'}>
          {error ?? emptyText ?? t('bot.action.no_integrations')}{' '}
          <Anchor component={Link} to={PATHS.integrations} size="sm">
            {t('bot.action.connect_integration')}
          </Anchor>
        </Text>
      </div>
    );
  }
  return (
    <AppSelect
      label={label ?? t('bot.action.integration')}
      value={value}
      data={integrations.map((item) => ({
        value: item.id,
        label: [integrationName(item.type, t), item.integration_account_id].filter(Boolean).join(' — '),
      }))}
      onChange={onChange}
      error={error}
    />
  );
}
