import { Anchor, Badge, Button, Group, List, Loader, Popover, Switch, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { type BotView, problemKey } from '../../api/bots';
import { DeleteRowButton } from '../../components/ConfirmDelete';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

interface BotRowProps {
  bot: BotView;
  busy: boolean;
  onSwitch: (isWork: boolean) => void;
  onDelete: () => void;
}

/** One bot in the list: its switch (with the loading flag), connections, problems, subscription. */
export function BotRow({ bot, busy, onSwitch, onDelete }: BotRowProps) {
  const { t } = useT();
  const name = bot.name.trim() || t('bot.untitled');
  const settingsPath = `${PATHS.bots}/${bot.id}`;
  return (
    <Table.Tr data-testid="bot-row" aria-busy={busy || undefined}>
      <Table.Td>
        <Anchor component={Link} to={settingsPath} fw={500}>
          {name}
        </Anchor>
        {!bot.subscription.active && (
          <Text size="xs" c="red">
            {t('bots.no_subscription')}{' '}
            <Anchor component={Link} to={PATHS.balance} size="xs">
              {t('demo.choose_plan')}
            </Anchor>
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Switch
          checked={bot.is_work}
          disabled={busy}
          aria-label={t('bots.switch', { name })}
          label={bot.is_work ? t('bots.status.on') : t('bots.status.off')}
          thumbIcon={busy ? <Loader size={10} /> : undefined}
          onChange={(event) => onSwitch(event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>{t('bots.connections', { count: bot.connections_count })}</Table.Td>
      <Table.Td>
        {bot.problems.length === 0 ? (
          <Badge color="green" variant="light">
            {t('bots.no_problems')}
          </Badge>
        ) : (
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
              <Anchor component={Link} to={settingsPath} size="sm">
                {t('bots.fix')}
              </Anchor>
            </Popover.Dropdown>
          </Popover>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="default"
            component={Link}
            to={settingsPath}
            aria-label={t('bots.edit_named', { name })}
          >
            {t('bots.edit')}
          </Button>
          <DeleteRowButton label={t('bots.delete_named', { name })} disabled={busy} onClick={onDelete} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
