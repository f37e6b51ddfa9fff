import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CHATS_LIVE_PATH, useRefreshChat, useRefreshChatList } from '../../api/chats';
import { useLiveRoom } from '../../api/live';
import { useT } from '../../i18n/use-t';
import { ChatDialogue } from './ChatDialogue';
import { ChatList } from './ChatList';

/** /chats (SPEC §2): the list of dialogues beside the open one, both following the account's room. */
export function ChatsPage() {
  const { t } = useT();
  const [openId, setOpenId] = useState<string | null>(null);
  const refreshList = useRefreshChatList();
  const refreshChat = useRefreshChat();
  const live = useLiveRoom(CHATS_LIVE_PATH, (event) => {
    refreshList();
    refreshChat(event.chat_id);
  });

  return (
    <Stack gap="md">
      <Title order={2}>{t('section.chats.title')}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ChatList
            openId={openId}
            onOpen={setOpenId}
            live={live}
            onBulkDone={(ids, deleted) => {
              if (deleted && openId && ids.includes(openId)) setOpenId(null);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {openId ? (
            <ChatDialogue
              key={openId}
              chatId={openId}
              live={live}
              onChanged={refreshList}
              onDeleted={() => {
                setOpenId(null);
                refreshList();
              }}
            />
          ) : (
            <Paper withBorder radius="md" p="xl">
              <Text c="dimmed" ta="center">
                {t('chats.pick')}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
