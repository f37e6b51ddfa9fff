import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreatedEventWebhookEndpoint } from '../../api/event-webhooks';
import { useT } from '../../i18n/use-t';

/** A new endpoint's signing secret, shown this once with a copy button; it is kept only sealed. */
export function EventWebhookSecretModal({
  created,
  onClose,
}: {
  created: CreatedEventWebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('event_webhooks.created_title')}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {created && (
        <Stack gap="md">
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {created.endpoint.url}
          </Text>
          <Alert color="yellow" variant="light">
            {t('event_webhooks.secret_once')}
          </Alert>
          <Code
            block
            data-testid="event-webhook-secret"
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          >
            {created.secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('event_webhooks.copied') : t('event_webhooks.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('event_webhooks.secret_done')}</Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('event_webhooks.secret_usage')}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
