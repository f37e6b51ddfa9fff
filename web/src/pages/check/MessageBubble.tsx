import { Box, Group, Paper, Text } from '@mantine/core';
import type { CheckMessage } from '../../api/check';
import { MessageAttachments } from '../../components/MessageAttachments';
import { formatMoney, formatTime } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

/** One message as the customer sees the chat: theirs on the right, the bot's on the left with its price. */
export function MessageBubble({ message }: { message: CheckMessage }) {
  const { t, lang } = useT();
  if (message.author === 'system') {
    return (
      <Text size="xs" c="dimmed" ta="center" fs="italic" px="xl" data-testid="check-system-message">
        {message.text}
      </Text>
    );
  }
  const own = message.author === 'customer';
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} data-testid={`check-message-${message.author}`}>
      <Box maw="75%">
        <Paper
          radius="lg"
          px="md"
          py="xs"
          bg={own ? 'indigo.6' : message.author === 'operator' ? 'teal.0' : 'gray.1'}
          c={own ? 'white' : undefined}
        >
          <Text size="xs" fw={600} opacity={0.8}>
            {t(`check.author.${message.author}`)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.text}
          </Text>
          <MessageAttachments attachments={message.attachments} />
        </Paper>
        <Group gap="xs" justify={own ? 'flex-end' : 'flex-start'} mt={2} px="xs">
          <Text size="xs" c="dimmed">
            {formatTime(message.created_at)}
          </Text>
          {message.price_minor !== null && message.currency && (
            <Text size="xs" c="dimmed" data-testid="check-price">
              {t('check.price', { price: formatMoney(message.price_minor, message.currency, lang) })}
            </Text>
          )}
        </Group>
      </Box>
    </Group>
  );
}
