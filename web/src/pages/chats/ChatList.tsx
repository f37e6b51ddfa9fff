import { Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { type ChatState, chatsPath, useChats } from '../../api/chats';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { BulkActionsMenu } from './BulkActionsMenu';
import { ChatListItem } from './ChatListItem';

const STATES: readonly ChatState[] = ['working', 'paused', 'stopped'];

interface ChatListProps {
  openId: string | null;
  onOpen: (id: string) => void;
  onBulkDone: (ids: string[], deleted: boolean) => void;
  /** Whether the account's room is followed; the list is polled while it is not. */
  live: boolean;
}

/** The chat list: search, state filter, bulk selection, pages; refreshed live. */
export function ChatList({ openId, onOpen, onBulkDone, live }: ChatListProps) {
  const { t } = useT();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [state, setState] = useState<ChatState | null>(null);
  const [page, setPage] = useState(1);
  const query = { search: debounced, state, page };
  const { data, error, mutate } = useChats(query, live);

  const items = data?.items ?? [];
  const pageIds = items.map((chat) => chat.id);
  // The selection belongs to what the list shows: another search, filter or page starts it afresh,
  // and a chat that left the list (deleted, moved on) leaves it, so bulk actions only name chats on screen.
  const scope = chatsPath(query);
  const [selection, setSelection] = useState<{ scope: string; ids: string[] }>({ scope, ids: [] });
  const selected = selection.scope === scope ? selection.ids.filter((id) => pageIds.includes(id)) : [];
  const setSelected = (ids: string[]) => setSelection({ scope, ids });
  const listed = pageIds.join(' ');
  useEffect(() => {
    const shown = new Set(listed.split(' '));
    setSelection((current) =>
      current.ids.every((id) => shown.has(id))
        ? current
        : { ...current, ids: current.ids.filter((id) => shown.has(id)) },
    );
  }, [listed]);

  // Deleting the last chats of the last page leaves the page past the end: the list goes back to the
  // last page (showing it loading meanwhile, not "no chats").
  const pastEnd = data !== undefined && data.page > data.pages;
  const lastPage = pastEnd && data.page === page ? data.pages : null;
  useEffect(() => {
    if (lastPage !== null) setPage(lastPage);
  }, [lastPage]);

  const allChecked = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const toggle = (id: string, on: boolean) =>
    setSelection((current) => {
      const ids = current.scope === scope ? current.ids.filter((other) => other !== id) : [];
      return { scope, ids: on ? [...ids, id] : ids };
    });
  const filtered = debounced.trim() !== '' || state !== null;

  return (
    <Stack gap="sm">
      <TextInput
        placeholder={t('chats.search_people')}
        aria-label={t('chats.search_people')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <SegmentedControl
        size="xs"
        aria-label={t('chats.filter')}
        value={state ?? 'all'}
        onChange={(value) => {
          setState(STATES.find((item) => item === value) ?? null);
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('chats.filter.all') },
          ...STATES.map((item) => ({ value: item, label: t(`chats.state.${item}`) })),
        ]}
      />
      <Group justify="space-between">
        <Checkbox
          size="xs"
          label={t('chats.selected', { count: selected.length })}
          aria-label={t('chats.select_all')}
          checked={allChecked}
          indeterminate={!allChecked && selected.length > 0}
          disabled={pageIds.length === 0}
          onChange={(event) => setSelected(event.currentTarget.checked ? pageIds : [])}
        />
        <BulkActionsMenu
          ids={selected}
          onDone={(action) => {
            onBulkDone(selected, action === 'delete');
            setSelected([]);
            void mutate();
          }}
        />
      </Group>
      {(!data && !error) || pastEnd ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          {filtered ? t('chats.nothing_found') : t('chats.empty')}
        </Text>
      ) : (
        items.map((chat) => (
          <ChatListItem
            key={chat.id}
            chat={chat}
            active={chat.id === openId}
            checked={selected.includes(chat.id)}
            onCheck={(on) => toggle(chat.id, on)}
            onOpen={() => onOpen(chat.id)}
          />
        ))
      )}
      {data && data.pages > 1 && (
        <Group justify="space-between">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('chats.prev')}
          </Button>
          <Text size="xs">{t('chats.page', { page: data.page, pages: data.pages })}</Text>
          <Button size="xs" variant="default" disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
            {t('chats.next')}
          </Button>
        </Group>
      )}
      <ErrorModal error={error} onRetry={() => mutate()} />
    </Stack>
  );
}
