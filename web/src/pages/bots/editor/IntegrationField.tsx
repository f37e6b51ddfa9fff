import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useIntegrations } from '../../../api/integrations';
import { AppSelect } from '../../../components/AppSelect';
import { useT } from '../../../i18n/use-t';
import { PATHS } from '../../../routes/paths';
import { integrationName } from '../integration-names';

interface IntegrationFieldProps {
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
}

/** The connected integration an action works through; with none connected, an offer to connect one. */
export function IntegrationField({ value, onChange, error }: IntegrationFieldProps) {
  const { t } = useT();
  const { integrations, isLoading } = useIntegrations(true);
  if (!isLoading && integrations.length === 0) {
    return (
      <div>
        <Text size="sm" c={error ? 'red' : 'dimmed'}>
          {error ?? t('bot.action.no_integrations')}{' '}
          <Anchor component={Link} to={PATHS.integrations} size="sm">
            {t('bot.action.connect_integration')}
          </Anchor>
        </Text>
      </div>
    );
  }
  return (
    <AppSelect
      label={t('bot.action.integration')}
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
