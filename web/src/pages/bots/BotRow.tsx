import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Popover,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../../functions/shared/money';
import { type BotView, problemKey } from '../../api/bots';
import { useProfile } from '../../api/profile';
import { DeleteRowButton } from '../../components/ConfirmDelete';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

interface BotRowProps {
  bot: BotView;
  busy: boolean;
  onSwitch: (isWork: boolean) => void;
  onDelete: () => void;
}

/** With a daily spend limit: today's spend against it, or that it is reached. */
function SpendToday({ bot }: { bot: BotView }) {
  const { t, lang } = useT();
  const currency = useProfile().data?.currency;
  const limit = bot.conditions.daily_spend_limit_minor ?? null;
  if (limit === null || !currency) return null;
  if (bot.spend_limit_reached)
    return (
      <Text size="xs" c="orange.8" data-testid="bot-spend-limit-reached">
        {t('bots.spend_limit_reached')}
      </Text>
    );
  const money = (minor: number) => formatMoney(minor, currency, lang);
  return (
    <Text size="xs" c="dimmed">
      {t('bots.spend_today', { spent: money(bot.spent_today_minor), limit: money(limit) })}
    </Text>
  );
}

/** The bot's name linking to its settings, the missing subscription and the day's spend under it. */
function BotName({ bot }: { bot: BotView }) {
  const { t } = useT();
  return (
    <div>
      <Anchor component={Link} to={`${PATHS.bots}/${bot.id}`} fw={500}>
        {bot.name.trim() || t('bot.untitled')}
      </Anchor>
      <SpendToday bot={bot} />
      {!bot.subscription.active && (
        <Text size="xs" c="red">
          {t('bots.no_subscription')}{' '}
          <Anchor component={Link} to={PATHS.balance} size="xs">
            {t('demo.choose_plan')}
          </Anchor>
        </Text>
      )}
    </div>
  );
}

/** The bot's switch, with the loading flag while it changes. */
function BotSwitch({ bot, busy, onSwitch }: Omit<BotRowProps, 'onDelete'>) {
  const { t } = useT();
  return (
    <Switch
      checked={bot.is_work}
      disabled={busy}
      aria-label={t('bots.switch', { name: bot.name.trim() || t('bot.untitled') })}
      label={bot.is_work ? t('bots.status.on') : t('bots.status.off')}
      thumbIcon={busy ? <Loader size={10} /> : undefined}
      onChange={(event) => onSwitch(event.currentTarget.checked)}
    />
  );
}

/** "No problems", or the count of the settings problems opening their list. */
function BotProblems({ bot }: { bot: BotView }) {
  const { t } = useT();
  if (bot.problems.length === 0)
    return (
      <Badge color="green" variant="light">
        {t('bots.no_problems')}
      </Badge>
    );
  return (
    <Popover width={360} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button size="compact-xs" color="yellow" variant="light" data-testid="bot-problems-badge">
          {t('bots.problems_count', { count: bot.problems.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={500} mb="xs">
          {t('bot.problems.title')}
        </Text>
        <List size="sm" spacing={2} mb="sm">
          {bot.problems.map((problem) => (
            <List.Item key={problemKey(problem)}>{problem.message}</List.Item>
          ))}
        </List>
        <Anchor component={Link} to={`${PATHS.bots}/${bot.id}`} size="sm">
          {t('bots.fix')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Settings and Delete. */
function BotActions({ bot, busy, onDelete }: Omit<BotRowProps, 'onSwitch'>) {
  const { t } = useT();
  const name = bot.name.trim() || t('bot.untitled');
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="compact-xs"
        variant="default"
        component={Link}
        to={`${PATHS.bots}/${bot.id}`}
        aria-label={t('bots.edit_named', { name })}
      >
        {t('bots.edit')}
      </Button>
      <DeleteRowButton label={t('bots.delete_named', { name })} disabled={busy} onClick={onDelete} />
    </Group>
  );
}

/** One bot in the list: its switch (with the loading flag), connections, problems, subscription. */
export function BotRow({ bot, busy, onSwitch, onDelete }: BotRowProps) {
  const { t } = useT();
  return (
    <Table.Tr data-testid="bot-row" aria-busy={busy || undefined}>
      <Table.Td>
        <BotName bot={bot} />
      </Table.Td>
      <Table.Td>
        <BotSwitch bot={bot} busy={busy} onSwitch={onSwitch} />
      </Table.Td>
      <Table.Td>{t('bots.connections', { count: bot.connections_count })}</Table.Td>
      <Table.Td>
        <BotProblems bot={bot} />
      </Table.Td>
      <Table.Td>
        <BotActions bot={bot} busy={busy} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The same bot as a card, for a phone: the table would scroll sideways there. */
export function BotCard({ bot, busy, onSwitch, onDelete }: BotRowProps) {
  const { t } = useT();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="bot-card" aria-busy={busy || undefined}>
      <Stack gap="xs">
        <BotName bot={bot} />
        <Group justify="space-between" gap="xs">
          <BotSwitch bot={bot} busy={busy} onSwitch={onSwitch} />
          <BotProblems bot={bot} />
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('bots.connections', { count: bot.connections_count })}
          </Text>
          <BotActions bot={bot} busy={busy} onDelete={onDelete} />
        </Group>
      </Stack>
    </Paper>
  );
}
