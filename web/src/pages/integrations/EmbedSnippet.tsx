import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';

/** The one line a site owner adds to their pages; the widget is served from this product's host. */
export const embedCode = (origin: string, integrationId: string) =>
  `<script src="${origin}/widget.js" data-integration="${integrationId}" async></script>`;

export function EmbedSnippet({ integration }: { integration: IntegrationView }) {
  const { t } = useT();
  const code = embedCode(window.location.origin, integration.id);
  return (
    <Stack gap="xs" data-testid="widget-embed">
      <Text size="sm" fw={500}>
        {t('onchat.embed')}
      </Text>
      <Text size="sm" c="dimmed">
        {t(integration.connected ? 'onchat.embed_hint' : 'onchat.embed_not_connected')}
      </Text>
      <Code block data-testid="widget-embed-code" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {code}
      </Code>
      <Group>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? t('onchat.copied') : t('onchat.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
