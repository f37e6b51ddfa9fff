import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useRefreshChatList } from '../../api/chats';
import { useT } from '../../i18n/use-t';
import { ChatDialogue } from './ChatDialogue';
import { ChatList } from './ChatList';

/** /chats (SPEC §2): the list of dialogues beside the open one. */
export function ChatsPage() {
  const { t } = useT();
  const [openId, setOpenId] = useState<string | null>(null);
  const refreshList = useRefreshChatList();

  return (
    <Stack gap="md">
      <Title order={2}>{t('section.chats.title')}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ChatList
            openId={openId}
            onOpen={setOpenId}
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
