import { Alert, Button, Text } from '@mantine/core';
import { errorText } from '../api/errors';
import { useT } from '../i18n/use-t';

/** The server's refusal (or the general unknown error), announced to screen readers. */
export function ServerError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="server-error">
      {errorText(error)}
    </Alert>
  );
}

export function Notice({ text, warning }: { text?: string; warning?: boolean }) {
  if (!text) return null;
  return (
    <Alert color={warning ? 'yellow' : 'green'} variant="light" role="status" data-testid="notice">
      {text}
    </Alert>
  );
}

/** A list that could not be loaded: what went wrong and a button to load it again. */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useT();
  return (
    <Alert color="red" variant="light" title={title}>
      <Text size="sm" mb="sm">
        {errorText(error)}
      </Text>
      <Button size="xs" variant="default" onClick={onRetry}>
        {t('common.try_again')}
      </Button>
    </Alert>
  );
}
