import { Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useChat } from '../../api/chats';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { ChatControls } from './ChatControls';
import { ChatMessageBubble } from './ChatMessageBubble';
import { ChatReply } from './ChatReply';
import { ChatStateBadge } from './ChatStateBadge';
import { ChatSummary } from './ChatSummary';
import { useEarlierMessages } from './use-earlier-messages';

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
  const { messages, hasEarlier, loading, loadEarlier } = useEarlierMessages(chatId, chat);
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  /** Distance from the bottom before older messages were added on top, to keep the reader's place. */
  const fromBottom = useRef<number | null>(null);

  useEffect(() => {
    if (lastId) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lastId]);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!firstId || !element || fromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [firstId]);

  const showEarlier = () => {
    const element = viewport.current;
    fromBottom.current = element ? element.scrollHeight - element.scrollTop : null;
    void loadEarlier();
  };

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
          {hasEarlier && (
            <Button size="xs" variant="subtle" onClick={showEarlier} loading={loading} mx="auto">
              {t('chats.load_earlier')}
            </Button>
          )}
          {messages.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              {t('chats.no_messages')}
            </Text>
          )}
          {messages.map((message) => (
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
