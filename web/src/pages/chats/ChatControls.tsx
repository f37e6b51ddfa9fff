import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { type ChatItem, deleteChat, type PauseCode, pauseChat, startChat, stopChat } from '../../api/chats';
import { ConfirmDeleteModal, useConfirmedDelete } from '../../components/ConfirmDelete';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifyError } from '../../components/notify';
import { useT } from '../../i18n/use-t';
import { ChatPauseMenu } from './ChatPauseMenu';
import { chatTitle } from './chat-title';

interface ChatControlsProps {
  chat: ChatItem;
  onChanged: () => void;
  onDeleted: () => void;
}

/** The bot's start/stop control for one chat, its pause menu, and deleting the chat. */
export function ChatControls({ chat, onChanged, onDeleted }: ChatControlsProps) {
  const { t } = useT();
  const [busy, setBusy] = useState<'pause' | 'switch' | null>(null);
  const [askStop, setAskStop] = useState(false);
  const deletion = useConfirmedDelete<ChatItem>({
    remove: async (item) => {
      await deleteChat(item.id);
      onDeleted();
    },
    deletedMessage: 'chats.deleted',
  });

  const act = async (kind: 'pause' | 'switch', call: () => Promise<unknown>) => {
    setBusy(kind);
    try {
      await call();
      setAskStop(false);
      onChanged();
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(null);
    }
  };

  const onPause = (code: PauseCode | null) => void act('pause', () => pauseChat(chat.id, code));

  return (
    <Group gap="xs">
      <ChatPauseMenu chat={chat} busy={busy === 'pause'} onPause={onPause} />
      {chat.state === 'working' ? (
        <Button size="xs" variant="light" color="red" onClick={() => setAskStop(true)}>
          {t('chats.stop')}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="light"
          color="green"
          loading={busy === 'switch'}
          onClick={() => void act('switch', () => startChat(chat.id))}
        >
          {t('chats.start')}
        </Button>
      )}
      <Button size="xs" variant="subtle" color="red" onClick={() => deletion.ask(chat)}>
        {t('chats.delete')}
      </Button>
      <ConfirmModal
        opened={askStop}
        title={t('chats.stop_title')}
        confirmLabel={t('chats.stop')}
        loading={busy === 'switch'}
        onConfirm={() => void act('switch', () => stopChat(chat.id))}
        onClose={() => setAskStop(false)}
      >
        {t('chats.stop_text')}
      </ConfirmModal>
      <ConfirmDeleteModal
        deletion={deletion}
        title={t('chats.delete_title')}
        text={(item) => t('chats.delete_text', { name: chatTitle(item, t) })}
      />
    </Group>
  );
}
