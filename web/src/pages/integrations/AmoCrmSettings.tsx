import { Anchor, Stack, Text } from '@mantine/core';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { AmoSalesbot } from './AmoSalesbot';
import { AmoSelection } from './AmoSelection';

interface AmoCrmSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * An amoCRM / Kommo account's settings (connected by OAuth from the connect controls above): the
 * account, the Salesbot that sends the bot's replies, and the deals the bot works on.
 */
export function AmoCrmSettings({ integration, update }: AmoCrmSettingsProps) {
  const { t } = useT();
  if (!integration.connected) return null;
  const data = integration.connection_data;
  const domain = text(data.referer);
  return (
    <Stack gap="lg" data-testid="amocrm-settings">
      <div>
        <Text size="sm" fw={500}>
          {t('amo.account')}
        </Text>
        <Text size="sm">
          {text(data.account_name)}
          {domain && (
            <>
              {' — '}
              <Anchor href={`https://${domain}`} target="_blank" rel="noreferrer" size="sm">
                {domain}
              </Anchor>
            </>
          )}
        </Text>
      </div>
      <AmoSalesbot integration={integration} update={update} />
      <AmoSelection integration={integration} update={update} />
    </Stack>
  );
}
