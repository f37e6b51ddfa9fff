import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/use-t';

/** A value to paste into another system (an address, a secret), with its copy button. */
export function CopyValue({ label, value, testId }: { label: string; value: string; testId: string }) {
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
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
