import { Anchor, Button, EmptyState, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { API_DOCS_PATH } from '../../../../functions/shared/api-docs';
import { MAX_API_KEYS } from '../../../../functions/shared/constants';
import { type ApiKeyView, type CreatedApiKey, useApiKeys } from '../../api/keys';
import { LoadFailed } from '../../components/Alerts';
import { ConfirmDeleteModal, DeleteRowButton, useConfirmedDelete } from '../../components/ConfirmDelete';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { notifySuccess } from '../../components/notify';
import { formatDate } from '../../i18n/format';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { KeyCommentModal } from './KeyCommentModal';
import { KeySecretModal } from './KeySecretModal';
import { ProfileSection } from './ProfileSection';

type Editing = { mode: 'create' } | { mode: 'edit'; key: ApiKeyView } | null;

/** API keys: add, edit comment, delete after confirming; the secret is shown once (SPEC §2 Profile). */
export function ApiKeysCard() {
  const { t, lang } = useT();
  const { data: keys, error, isLoading, mutate, create, updateComment, remove } = useApiKeys();
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const deletion = useConfirmedDelete<ApiKeyView>({
    remove: (key) => remove(key.id),
    deletedMessage: 'keys.deleted',
  });

  const limitReached = (keys?.length ?? 0) >= MAX_API_KEYS;
  const keyName = (key: ApiKeyView) => key.comment || key.prefix;

  const saveComment = async (comment: string) => {
    if (editing?.mode === 'edit') {
      await updateComment(editing.key.id, comment);
      setEditing(null);
      notifySuccess(translate('keys.comment_saved'));
      return;
    }
    const key = await create(comment);
    setEditing(null);
    setCreated(key);
  };

  const createButton = (
    <Button size="xs" onClick={() => setEditing({ mode: 'create' })} disabled={!keys || limitReached}>
      {t('keys.create')}
    </Button>
  );

  let body: ReactNode;
  if (keys === undefined) {
    body = error ? (
      <LoadFailed title={t('keys.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      isLoading && <PageLoader />
    );
  } else if (keys.length === 0) {
    body = (
      <EmptyState size="sm" data-testid="keys-empty">
        <EmptyState.Title order={4}>{t('keys.empty_title')}</EmptyState.Title>
        <EmptyState.Description>{t('keys.empty_text')}</EmptyState.Description>
      </EmptyState>
    );
  } else {
    const actions = (key: ApiKeyView) => (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button
          size="compact-xs"
          variant="default"
          aria-label={t('keys.edit_named', { name: keyName(key) })}
          onClick={() => setEditing({ mode: 'edit', key })}
        >
          {t('common.edit')}
        </Button>
        <DeleteRowButton
          label={t('keys.delete_named', { name: keyName(key) })}
          onClick={() => deletion.ask(key)}
        />
      </Group>
    );
    // A table from a laptop up; on narrower screens each key is a card, as the table would scroll.
    body = (
      <>
        <Table.ScrollContainer minWidth={560} visibleFrom="md">
          <Table verticalSpacing="xs" aria-label={t('keys.title')} data-testid="keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('keys.column.comment')}</Table.Th>
                <Table.Th>{t('keys.column.key')}</Table.Th>
                <Table.Th>{t('keys.column.created')}</Table.Th>
                <Table.Th>{t('keys.column.last_used')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('keys.column.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => (
                <Table.Tr key={key.id} data-testid="key-row">
                  <Table.Td>{key.comment || <Text c="dimmed">{t('keys.no_comment')}</Text>}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {key.prefix}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDate(key.created_at, lang)}</Table.Td>
                  <Table.Td>
                    {key.last_used_at ? formatDate(key.last_used_at, lang) : t('keys.never_used')}
                  </Table.Td>
                  <Table.Td>{actions(key)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap="xs" hiddenFrom="md" data-testid="keys-cards">
          {keys.map((key) => (
            <Paper key={key.id} withBorder radius="md" p="sm" data-testid="key-card">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={500} c={key.comment ? undefined : 'dimmed'}>
                    {key.comment || t('keys.no_comment')}
                  </Text>
                  {actions(key)}
                </Group>
                <Text ff="monospace" size="sm">
                  {key.prefix}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('keys.column.created')}: {formatDate(key.created_at, lang)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('keys.column.last_used')}:{' '}
                  {key.last_used_at ? formatDate(key.last_used_at, lang) : t('keys.never_used')}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      </>
    );
  }

  return (
    <ProfileSection title={t('keys.title')} testId="profile-keys" actions={createButton}>
      <Group justify="space-between" gap="xs" mb="md">
        <Text size="sm" c="dimmed">
          {keys ? t('keys.count', { count: keys.length, max: MAX_API_KEYS }) : t('keys.hint')}
        </Text>
        <Anchor href={API_DOCS_PATH} target="_blank" size="sm" data-testid="keys-reference">
          {t('keys.reference')}
        </Anchor>
      </Group>
      {body}
      <ErrorModal error={error} onRetry={() => mutate()} />
      <KeyCommentModal
        opened={editing !== null}
        title={editing?.mode === 'edit' ? t('keys.edit_title') : t('keys.create_title')}
        submitLabel={editing?.mode === 'edit' ? t('common.save') : t('keys.create')}
        initialComment={editing?.mode === 'edit' ? editing.key.comment : ''}
        onSubmit={saveComment}
        onClose={() => setEditing(null)}
      />
      <KeySecretModal created={created} onClose={() => setCreated(null)} />
      <ConfirmDeleteModal
        deletion={deletion}
        title={t('keys.delete_title')}
        text={(key) => t('keys.delete_text', { name: keyName(key) })}
      />
    </ProfileSection>
  );
}
