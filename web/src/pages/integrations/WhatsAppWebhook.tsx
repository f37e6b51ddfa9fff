import { Alert, Badge, Group, List, Stack, Text } from '@mantine/core';
import type { IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { CopyValue } from './CopyValue';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Where Meta is to send the number's webhooks: the steps in the app's dashboard, and, once
 * connected, the callback URL and verify token to paste there, and whether Meta has checked them.
 */
export function WhatsAppWebhook({ integration }: { integration: IntegrationView }) {
  const { t } = useT();
  const data = integration.connection_data;
  const url = text(data.webhook_url);
  const token = text(data.verify_token);
  const verified = text(data.webhook_verified_at) !== null;
  return (
    <Stack gap="sm" data-testid="whatsapp-webhook">
      <Text size="sm" fw={500}>
        {t('whatsapp.steps')}
      </Text>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>{t('whatsapp.step_token')}</List.Item>
        <List.Item>{t('whatsapp.step_ids')}</List.Item>
        <List.Item>{t('whatsapp.step_connect')}</List.Item>
        <List.Item>{t('whatsapp.step_webhook')}</List.Item>
        <List.Item>{t('whatsapp.step_fields')}</List.Item>
      </List>
      {integration.connected && url && token ? (
        <Stack gap="sm">
          <CopyValue label={t('whatsapp.callback_url')} value={url} testId="whatsapp-callback-url" />
          <CopyValue label={t('whatsapp.verify_token')} value={token} testId="whatsapp-verify-token" />
          <Group>
            <Badge color={verified ? 'green' : 'yellow'} variant="light" data-testid="whatsapp-webhook-state">
              {t(verified ? 'whatsapp.webhook_verified' : 'whatsapp.webhook_waiting')}
            </Badge>
          </Group>
        </Stack>
      ) : (
        <Alert color="gray" variant="light">
          {t('whatsapp.webhook_after_connect')}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {t('whatsapp.window_hint')}
      </Text>
    </Stack>
  );
}
