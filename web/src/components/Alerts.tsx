import { Alert } from '@mantine/core';
import { errorText } from '../api/errors';

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
