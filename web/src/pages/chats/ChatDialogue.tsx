import { Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useChat } from '../../api/chats';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { ChatControls } from './ChatControls';
import { ChatMessageBubble } from './ChatMessageBubble';
import { ChatReply } from './ChatReply';
import { ChatStateBadge } from './ChatStateBadge';
import { ChatSummary } from './ChatSummary';

interface ChatDialogueProps {
  chatId: string;
  /** The chat changed (state, new message): the list refreshes too. */
  onChanged: () => void;
  onDeleted: () => void;
  /** Whether the account's room is followed; the dialogue is polled while it is not. */
  live: boolean;
}

/** The open chat: its bot control, messages (refreshed live), summary and the operator's reply. */
export function ChatDialogue({ chatId, onChanged, onDeleted, live }: ChatDialogueProps) {
  const { t } = useT();
  const { data: chat, error, mutate } = useChat(chatId, live);
  const viewport = useRef<HTMLDivElement>(null);
  const lastId = chat?.messages.at(-1)?.id;

  useEffect(() => {
    if (lastId) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lastId]);

  const changed = () => {
    void mutate();
    onChanged();
  };

  if (!chat) return error ? <ErrorModal error={error} onRetry={() => mutate()} /> : <PageLoader />;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={chat.external_id}>
      <Group justify="space-between" mb="sm" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{chat.external_id}</Text>
            <ChatStateBadge chat={chat} />
          </Group>
          <Text size="xs" c="dimmed">
            {chat.bot?.name ?? t('chats.no_bot')} · {chat.channel}
          </Text>
        </Stack>
        <ChatControls chat={chat} onChanged={changed} onDeleted={onDeleted} />
      </Group>
      <ScrollArea h={420} viewportRef={viewport} type="auto" offsetScrollbars>
        <Stack gap="sm" p="xs" data-testid="chat-messages">
          {chat.messages.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              {t('chats.no_messages')}
            </Text>
          )}
          {chat.messages.map((message) => (
            <ChatMessageBubble key={message.id} message={message} />
          ))}
        </Stack>
      </ScrollArea>
      <Stack gap="sm" mt="sm">
        <ChatSummary chatId={chat.id} disabled={chat.messages.length === 0} />
        <ChatReply chatId={chat.id} onSent={changed} />
      </Stack>
      <ErrorModal error={error} onRetry={() => mutate()} />
    </Paper>
  );
}
