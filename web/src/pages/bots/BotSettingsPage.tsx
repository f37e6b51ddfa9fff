import { Button, EmptyState, Paper, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { defaultBotSettings } from '../../../../functions/shared/schemas/bot';
import { useBots } from '../../api/bots';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { BotEditor } from './editor/BotEditor';
import { settingsOf } from './editor/draft';

/**
 * /bots/new and /bots/{id}: a bot is edited only when it is in the account's list; otherwise the
 * page says what any missing local record says, the general unknown error (SPEC §5, §8).
 */
export function BotSettingsPage() {
  const { t } = useT();
  const { id } = useParams();
  const { data: bots, error, mutate } = useBots();
  const bot = id ? (bots?.find((item) => item.id === id) ?? null) : null;
  const initial = useMemo(() => (bot ? settingsOf(bot) : defaultBotSettings()), [bot]);

  if (id) {
    if (!bots) return error ? <ErrorModal error={error} onRetry={() => mutate()} /> : <PageLoader />;
    if (!bot) {
      return (
        <Stack gap="lg">
          <Title order={2}>{t('section.bot_settings.title')}</Title>
          <Paper withBorder radius="md" p="xl">
            <EmptyState data-testid="bot-not-found">
              <EmptyState.Title order={3}>{t('unknown_error')}</EmptyState.Title>
              <EmptyState.Actions>
                <Button component={Link} to={PATHS.bots} variant="light">
                  {t('section.go_bots')}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Paper>
        </Stack>
      );
    }
  }
  // A fresh editor per bot; saving keeps it, since the draft is reset from the saved bot.
  return <BotEditor key={id ?? 'new'} bot={bot} initial={initial} />;
}
