import { Alert, Badge, Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import type { IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A value to paste into Meta's dashboard, with its copy button. */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useT();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code
          data-testid={testId}
          style={{ flex: 1, minWidth: 0, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? t('whatsapp.copied') : t('whatsapp.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

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
          <CopyRow label={t('whatsapp.callback_url')} value={url} testId="whatsapp-callback-url" />
          <CopyRow label={t('whatsapp.verify_token')} value={token} testId="whatsapp-verify-token" />
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
