import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreatedApiKey } from '../../api/keys';
import { useT } from '../../i18n/use-t';

/** The new key's secret, shown this once with a copy button; it is stored only as a hash. */
export function KeySecretModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('keys.created_title')}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {created && (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {t('keys.secret_once')}
          </Alert>
          <Code block data-testid="api-key-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {created.key}
          </Code>
          <Group justify="space-between">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('keys.copied') : t('keys.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('keys.secret_done')}</Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('keys.secret_usage')}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
