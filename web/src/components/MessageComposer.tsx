import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { ServerError } from './Alerts';

interface Props {
  label: string;
  placeholder: string;
  sendLabel: string;
  maxLength: number;
  /** Sends the trimmed text; the box is emptied once it resolves, and a failure is shown above it. */
  onSend: (text: string) => Promise<void>;
}

/** A message box that sends on Enter (Shift+Enter for a new line), as Check and Chats use it. */
export function MessageComposer({ label, placeholder, sendLabel, maxLength, onSend }: Props) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSend(message);
      setText('');
    } catch (failure) {
      setError(failure);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Stack gap="xs">
      <ServerError error={error} />
      <Group align="flex-end" wrap="nowrap">
        <Textarea
          flex={1}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={maxLength}
          label={label}
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <Button onClick={submit} loading={sending} disabled={!text.trim()}>
          {sendLabel}
        </Button>
      </Group>
    </Stack>
  );
}
