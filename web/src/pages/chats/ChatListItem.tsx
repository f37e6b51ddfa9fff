import { Badge, Checkbox, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ChatItem } from '../../api/chats';
import { formatRecent } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { ChatStateBadge } from './ChatStateBadge';
import { ChannelIcon } from './chat-channels';
import { chatTitle } from './chat-title';

interface ChatListItemProps {
  chat: ChatItem;
  active: boolean;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  onOpen: () => void;
}

/** The unread count as a small filled circle (a pill once it has more digits). */
function UnreadBadge({ count }: { count: number }) {
  const { t } = useT();
  return (
    <Badge
      size="md"
      variant="filled"
      circle={count < 10}
      aria-label={t('chats.unread', { count })}
      data-testid="chat-unread"
      style={{ flexShrink: 0 }}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/**
 * One row of the inbox: a checkbox for bulk actions, the channel's icon, who the customer is, when
 * they last wrote, the last message and how many of theirs are unread. A bot that does not work in
 * the chat (paused, stopped) is flagged. The open chat counts as read.
 */
export function ChatListItem({ chat, active, checked, onCheck, onOpen }: ChatListItemProps) {
  const { t, lang } = useT();
  const title = chatTitle(chat, t);
  const unread = active ? 0 : chat.unread;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      bg={active ? 'indigo.0' : undefined}
      data-testid="chat-item"
      data-unread={unread > 0 || undefined}
    >
      <Group wrap="nowrap" align="center" gap="xs">
        <Checkbox
          aria-label={t('chats.select', { name: title })}
          checked={checked}
          onChange={(event) => onCheck(event.currentTarget.checked)}
        />
        <UnstyledButton flex={1} miw={0} onClick={onOpen}>
          <Group wrap="nowrap" gap="sm">
            <ChannelIcon channel={chat.channel} />
            <Stack gap={2} flex={1} miw={0}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={unread > 0 ? 700 : 500} truncate data-testid="chat-title">
                  {title}
                </Text>
                <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {chat.state !== 'working' && <ChatStateBadge chat={chat} size="xs" />}
                  <Text size="xs" c={unread > 0 ? 'indigo.7' : 'dimmed'} fw={unread > 0 ? 600 : undefined}>
                    {formatRecent(chat.last_message_at, lang)}
                  </Text>
                </Group>
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs" mih={20}>
                <Text size="sm" c={unread > 0 ? undefined : 'dimmed'} truncate>
                  {chat.last_message
                    ? `${t(`chats.author.${chat.last_message.author}`)}: ${chat.last_message.text}`
                    : t('chats.no_messages')}
                </Text>
                {unread > 0 && <UnreadBadge count={unread} />}
              </Group>
            </Stack>
          </Group>
        </UnstyledButton>
      </Group>
    </Paper>
  );
}
