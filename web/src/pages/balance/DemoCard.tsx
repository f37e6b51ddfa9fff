import { Group, Paper, Stack, Text } from '@mantine/core';
import type { Subscription } from '../../api/subscriptions';
import { formatDate } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { SubscriptionStatusBadge } from './SubscriptionStatusBadge';

/** The demo period as the list shows it: everything covered, until its date. */
export function DemoCard({ demo }: { demo: Subscription }) {
  const { t, lang } = useT();
  return (
    <Paper withBorder radius="md" p="md" data-testid="subscription-card" data-status="demo">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>{t('balance.subs.demo_title')}</Text>
          <SubscriptionStatusBadge subscription={demo} />
        </Group>
        <Text size="sm">{t('balance.subs.demo_text')}</Text>
        <Text size="sm">
          {t('balance.subs.until', { date: demo.expires_at ? formatDate(demo.expires_at, lang) : '' })}
          {' · '}
          <Text span size="sm" c="dimmed" fw={500}>
            {t('balance.subs.days_left', { count: demo.expires_in ?? 0 })}
          </Text>
        </Text>
      </Stack>
    </Paper>
  );
}
