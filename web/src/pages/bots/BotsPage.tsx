import { Button, EmptyState, Group, List, Paper, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type BotView, problemKey, refusalProblems, useBots } from '../../api/bots';
import { errorText } from '../../api/errors';
import { LoadFailed } from '../../components/Alerts';
import { ConfirmDeleteModal, useConfirmedDelete } from '../../components/ConfirmDelete';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { notifyError, notifySuccess } from '../../components/notify';
import { offerSubscriptionFor } from '../../components/subscription-suggestion';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { BotCard, BotRow } from './BotRow';
import { TemplatesModal } from './TemplatesModal';

/** /bots: the bot list, switching bots on and off, deleting, and creating manually or from a template. */
export function BotsPage() {
  const { t } = useT();
  const { data: bots, error, isLoading, mutate, setWorking, remove } = useBots();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [templatesOpen, setTemplatesOpen] = useState(false);

  const mark = (id: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const deletion = useConfirmedDelete<BotView>({
    remove: (bot) => remove(bot.id),
    deletedMessage: 'bots.deleted',
    onBusy: (bot, on) => mark(bot.id, on),
  });

  const switchBot = async (bot: BotView, isWork: boolean) => {
    mark(bot.id, true);
    try {
      await setWorking(bot.id, isWork);
      notifySuccess(translate(isWork ? 'bots.switched_on' : 'bots.switched_off'));
    } catch (failure) {
      // No free place in a subscription: the suggestion modal offers one instead of an error.
      if (offerSubscriptionFor(failure)) return;
      const problems = refusalProblems(failure);
      if (problems.length === 0) notifyError(failure);
      else
        notifications.show({
          color: 'red',
          withBorder: true,
          title: errorText(failure),
          message: (
            <List size="sm" spacing={2}>
              {problems.map((problem) => (
                <List.Item key={problemKey(problem)}>{problem.message}</List.Item>
              ))}
            </List>
          ),
          closeButtonProps: { 'aria-label': translate('common.close') },
        });
    } finally {
      mark(bot.id, false);
    }
  };

  const createButtons = (
    <Group gap="sm">
      <Button variant="light" onClick={() => setTemplatesOpen(true)}>
        {t('bots.from_template')}
      </Button>
      <Button component={Link} to={PATHS.botNew}>
        {t('bots.create')}
      </Button>
    </Group>
  );

  let body = null;
  if (!bots) {
    body = error ? (
      <LoadFailed title={t('bots.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      isLoading && <PageLoader />
    );
  } else if (bots.length === 0) {
    body = (
      <Paper withBorder radius="md" p="xl">
        <EmptyState data-testid="bots-empty">
          <EmptyState.Title order={3}>{t('section.bots.empty_title')}</EmptyState.Title>
          <EmptyState.Description>{t('section.bots.description')}</EmptyState.Description>
          <EmptyState.Actions>{createButtons}</EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  } else {
    const props = (bot: BotView) => ({
      bot,
      busy: busy.has(bot.id),
      onSwitch: (isWork: boolean) => switchBot(bot, isWork),
      onDelete: () => deletion.ask(bot),
    });
    // A table from a laptop up; on narrower screens each bot is a card, as the table would scroll.
    body = (
      <>
        <Paper withBorder radius="md" p="md" visibleFrom="md">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-label={t('section.bots.title')} data-testid="bots-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bots.column.name')}</Table.Th>
                  <Table.Th>{t('bots.column.work')}</Table.Th>
                  <Table.Th>{t('bots.column.connections')}</Table.Th>
                  <Table.Th>{t('bots.column.problems')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('keys.column.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bots.map((bot) => (
                  <BotRow key={bot.id} {...props(bot)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Stack gap="xs" hiddenFrom="md" data-testid="bots-cards">
          {bots.map((bot) => (
            <BotCard key={bot.id} {...props(bot)} />
          ))}
        </Stack>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('section.bots.title')}</Title>
        {bots && bots.length > 0 && createButtons}
      </Group>
      {body}
      <ErrorModal error={error} onRetry={() => mutate()} />
      <TemplatesModal opened={templatesOpen} onClose={() => setTemplatesOpen(false)} />
      <ConfirmDeleteModal
        deletion={deletion}
        title={t('bots.delete_title')}
        text={(bot) => t('bots.delete_text', { name: bot.name.trim() || t('bot.untitled') })}
      />
    </Stack>
  );
}
