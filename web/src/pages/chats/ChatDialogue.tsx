import { Button, Group, Paper, ScrollArea, Stack, Text, useMantineTheme } from '@mantine/core';
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
import { ChannelIcon, chatChannelName } from './chat-channels';
import { chatTitle, customerContacts } from './chat-title';
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

  // On a phone the dialogue sits below the list: opening a chat brings it into view.
  const section = useRef<HTMLElement>(null);
  const { breakpoints } = useMantineTheme();
  const shown = chat !== undefined;
  useEffect(() => {
    if (shown && !window.matchMedia(`(min-width: ${breakpoints.md})`).matches) {
      section.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [shown, breakpoints.md]);

  // Loading the newest messages marked them read: the list refreshes, so its unread badge follows.
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const newestId = chat?.messages.at(-1)?.id;
  useEffect(() => {
    if (newestId) onChangedRef.current();
  }, [newestId]);

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
  const title = chatTitle(chat, t);
  const about = [chatChannelName(chat.channel, t), ...customerContacts(chat, title)].filter(
    (part) => part !== title,
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} ref={section}>
      <Group justify="space-between" mb="sm" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 16rem' }}>
          <ChannelIcon channel={chat.channel} size={40} />
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={600} truncate data-testid="chat-dialogue-title">
                {title}
              </Text>
              <ChatStateBadge chat={chat} />
            </Group>
            <Text size="xs" c="dimmed" data-testid="chat-dialogue-about">
              {about.join(' · ')}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {chat.bot ? t('chats.bot_label', { name: chat.bot.name }) : t('chats.bot_none')}
            </Text>
          </Stack>
        </Group>
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
