import { Checkbox, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ChatItem } from '../../api/chats';
import { formatDateTime } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { ChatStateBadge } from './ChatStateBadge';

interface ChatListItemProps {
  chat: ChatItem;
  active: boolean;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  onOpen: () => void;
}

/** One row of the chat list: a checkbox for bulk actions, the chat's state and last message. */
export function ChatListItem({ chat, active, checked, onCheck, onOpen }: ChatListItemProps) {
  const { t, lang } = useT();
  return (
    <Paper withBorder radius="md" p="xs" bg={active ? 'indigo.0' : undefined} data-testid="chat-item">
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <Checkbox
          mt={4}
          aria-label={t('chats.select', { name: chat.external_id })}
          checked={checked}
          onChange={(event) => onCheck(event.currentTarget.checked)}
        />
        <UnstyledButton flex={1} miw={0} onClick={onOpen}>
          <Stack gap={2}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate>
                {chat.external_id}
              </Text>
              <ChatStateBadge chat={chat} />
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {chat.bot?.name ?? t('chats.no_bot')} · {formatDateTime(chat.last_message_at, lang)}
            </Text>
            {chat.last_message && (
              <Text size="sm" truncate>
                {t(`chats.author.${chat.last_message.author}`)}: {chat.last_message.text}
              </Text>
            )}
          </Stack>
        </UnstyledButton>
      </Group>
    </Paper>
  );
}
