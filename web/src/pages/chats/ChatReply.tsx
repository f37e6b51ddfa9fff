import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { OPERATOR_MESSAGE_MAX_LENGTH } from '../../../../functions/shared/schemas/chats';
import { sendOperatorMessage } from '../../api/chats';
import { ServerError } from '../../components/Alerts';
import { useT } from '../../i18n/use-t';

/** A team member answers the customer; the bot's stop logic applies on the server. */
export function ChatReply({ chatId, onSent }: { chatId: string; onSent: () => void }) {
  const { t } = useT();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    setError(null);
    try {
      await sendOperatorMessage(chatId, message);
      setText('');
      onSent();
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
          maxLength={OPERATOR_MESSAGE_MAX_LENGTH}
          label={t('chats.reply')}
          placeholder={t('chats.reply_placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <Button onClick={submit} loading={sending} disabled={!text.trim()}>
          {t('chats.send')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('chats.reply_hint')}
      </Text>
    </Stack>
  );
}
