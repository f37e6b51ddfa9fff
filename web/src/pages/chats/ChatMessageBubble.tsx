import { Box, Group, Paper, Text } from '@mantine/core';
import type { ChatMessage } from '../../api/chats';
import { MessageAttachments } from '../../components/MessageAttachments';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

/** One message as the business sees the chat: the customer on the left, the bot and managers on the right. */
export function ChatMessageBubble({ message }: { message: ChatMessage }) {
  const { t, lang } = useT();
  if (message.author === 'system') {
    return (
      <Text size="xs" c="dimmed" ta="center" fs="italic" px="xl">
        {message.text}
      </Text>
    );
  }
  const customer = message.author === 'customer';
  return (
    <Group justify={customer ? 'flex-start' : 'flex-end'} data-testid={`chat-message-${message.author}`}>
      <Box maw="75%">
        <Paper
          radius="lg"
          px="md"
          py="xs"
          bg={customer ? 'gray.1' : message.author === 'operator' ? 'teal.0' : 'indigo.0'}
        >
          <Text size="xs" fw={600} opacity={0.8}>
            {t(`chats.author.${message.author}`)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.text}
          </Text>
          <MessageAttachments attachments={message.attachments} />
        </Paper>
        <Group gap="xs" justify={customer ? 'flex-start' : 'flex-end'} mt={2} px="xs">
          <Text size="xs" c="dimmed">
            {formatDateTime(message.created_at, lang)}
          </Text>
          {message.price_minor !== null && message.currency && (
            <Text size="xs" c="dimmed">
              {formatMoney(message.price_minor, message.currency, lang)}
            </Text>
          )}
        </Group>
      </Box>
    </Group>
  );
}
