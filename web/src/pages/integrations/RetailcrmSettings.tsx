import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';

interface RetailcrmSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A RetailCRM account's settings: connected from RetailCRM's marketplace (its module brings the
 * owner back to confirm), so the page says how, or shows the account, the store orders go to and
 * the chats the bot answers in.
 */
export function RetailcrmSettings({ integration }: RetailcrmSettingsProps) {
  const { t } = useT();
  const systemUrl = text(integration.connection_data.system_url);
  const site = text(integration.connection_data.site_name) ?? text(integration.connection_data.site);
  if (integration.configured === false) {
    return (
      <Alert color="yellow" variant="light" data-testid="retailcrm-not-configured">
        {t('retailcrm.not_configured')}
      </Alert>
    );
  }
  if (!integration.connected || !systemUrl) {
    return (
      <Text size="sm" c="dimmed" data-testid="retailcrm-intro">
        {t('retailcrm.intro')}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="retailcrm-settings">
      <div>
        <Text size="sm" fw={500}>
          {t('retailcrm.account')}
        </Text>
        <Anchor href={systemUrl} target="_blank" rel="noreferrer" size="sm">
          {new URL(systemUrl).host}
        </Anchor>
      </div>
      {site && (
        <div>
          <Text size="sm" fw={500}>
            {t('retailcrm.site')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('retailcrm.site_text', { site })}
          </Text>
        </div>
      )}
      <div>
        <Text size="sm" fw={500}>
          {t('retailcrm.chats')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('retailcrm.chats_text')}
        </Text>
      </div>
    </Stack>
  );
}
