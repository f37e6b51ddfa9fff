import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';

interface BitrixSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A Bitrix24 portal's settings: connected from Bitrix24 (installing the application brings the owner
 * back to confirm), so the page says how, or shows the portal and the bot registered in it.
 */
export function BitrixSettings({ integration }: BitrixSettingsProps) {
  const { t } = useT();
  const domain = text(integration.connection_data.domain);
  if (integration.configured === false) {
    return (
      <Alert color="yellow" variant="light" data-testid="bitrix-not-configured">
        {t('bitrix.not_configured')}
      </Alert>
    );
  }
  if (!integration.connected || !domain) {
    return (
      <Text size="sm" c="dimmed" data-testid="bitrix-intro">
        {t('bitrix.intro')}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="bitrix-settings">
      <div>
        <Text size="sm" fw={500}>
          {t('bitrix.portal')}
        </Text>
        <Anchor href={`https://${domain}`} target="_blank" rel="noreferrer" size="sm">
          {domain}
        </Anchor>
      </div>
      <div>
        <Text size="sm" fw={500}>
          {t('bitrix.bot')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('bitrix.bot_text')}
        </Text>
      </div>
    </Stack>
  );
}
