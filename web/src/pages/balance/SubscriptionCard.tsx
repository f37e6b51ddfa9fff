import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Subscription } from '../../api/subscriptions';
import { formatDate, formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { kindName, termLabel } from './kinds';
import { SubscriptionStatusBadge } from './SubscriptionStatusBadge';

export type SubscriptionAction = 'renew' | 'pay' | 'delete' | 'edit_next' | 'auto_renewal';

interface SubscriptionCardProps {
  subscription: Subscription;
  /** The action under way on this subscription, if any. */
  busy: SubscriptionAction | null;
  onAction: (action: SubscriptionAction, value?: boolean) => void;
  /** What the last action on it left to say (the shortfall of a payment). */
  notice?: ReactNode;
}

/** When it runs, by its status: until when and how many days are left, or when it starts or ended. */
function Period({ subscription }: { subscription: Subscription }) {
  const { t, lang } = useT();
  const date = (value: string | null) => (value ? formatDate(value, lang) : '');
  const { status, expires_in: left } = subscription;
  if (status === 'inactive')
    return (
      <Text size="sm" c="orange">
        {t('balance.subs.unpaid', {
          amount: formatMoney(subscription.price_minor, subscription.currency, lang),
        })}
      </Text>
    );
  if (status === 'expired')
    return (
      <Text size="sm" c="dimmed">
        {t('balance.subs.ended', { date: date(subscription.expires_at) })}
      </Text>
    );
  if (status === 'in_advance')
    return (
      <Text size="sm">
        {t('balance.subs.starts', { from: date(subscription.starts_at), to: date(subscription.expires_at) })}
      </Text>
    );
  return (
    <Text size="sm" data-testid="subscription-expiry">
      {t('balance.subs.until', { date: date(subscription.expires_at) })}
      {' · '}
      <Text span size="sm" c={left !== null && left <= 14 ? 'orange' : 'dimmed'} fw={500}>
        {t('balance.subs.days_left', { count: left ?? 0 })}
      </Text>
    </Text>
  );
}

/** One subscription: status, counts used and available per kind, its period, auto-renewal, actions. */
export function SubscriptionCard({ subscription, busy, onAction, notice }: SubscriptionCardProps) {
  const { t, lang } = useT();
  const { status } = subscription;
  const running = status === 'active' || status === 'in_advance';
  const title = subscription.term
    ? t(subscription.renewal_of ? 'balance.subs.renewal_title' : 'balance.subs.title_term', {
        term: termLabel(subscription.term, t),
      })
    : t('balance.subs.title_plain');
  const canRenew = (running || status === 'expired') && subscription.renewed_by === null;
  const next = subscription.settings.next_items;

  return (
    <Paper withBorder radius="md" p="md" data-testid="subscription-card" data-status={status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            <SubscriptionStatusBadge subscription={subscription} />
          </Group>
          <Text size="sm" c="dimmed">
            {formatMoney(subscription.price_minor, subscription.currency, lang)}
          </Text>
        </Group>
        <Stack gap={4}>
          {subscription.items.map((item) => (
            <Text key={item.kind} size="sm" data-testid="subscription-item">
              <Text span size="sm" fw={500}>
                {kindName(item.kind, t)}
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                {status === 'active'
                  ? t('balance.subs.usage', {
                      used: item.used,
                      quantity: item.quantity,
                      available: item.available,
                    })
                  : t('balance.subs.quantity', { quantity: item.quantity })}
              </Text>
            </Text>
          ))}
        </Stack>
        <Period subscription={subscription} />
        {next && running && (
          <Text size="xs" c="dimmed">
            {t('balance.subs.next_items', {
              items: next.map((item) => `${kindName(item.kind, t)} — ${item.quantity}`).join(', '),
            })}
          </Text>
        )}
        {subscription.renewed_by && (
          <Text size="xs" c="dimmed">
            {t('balance.subs.renewal_made')}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          {running ? (
            <Switch
              label={t('balance.subs.auto_renewal')}
              description={t('balance.subs.auto_renewal_hint')}
              checked={subscription.auto_renewal}
              disabled={busy !== null}
              onChange={(event) => onAction('auto_renewal', event.currentTarget.checked)}
            />
          ) : (
            <span />
          )}
          <Group gap="xs">
            {running && (
              <Button
                size="xs"
                variant="default"
                onClick={() => onAction('edit_next')}
                disabled={busy !== null}
              >
                {t('balance.subs.edit_next')}
              </Button>
            )}
            {canRenew && (
              <Button
                size="xs"
                variant="light"
                onClick={() => onAction('renew')}
                loading={busy === 'renew'}
                disabled={busy !== null && busy !== 'renew'}
              >
                {t('balance.subs.renew')}
              </Button>
            )}
            {status === 'inactive' && (
              <Button
                size="xs"
                onClick={() => onAction('pay')}
                loading={busy === 'pay'}
                disabled={busy !== null && busy !== 'pay'}
              >
                {t('balance.subs.pay', {
                  amount: formatMoney(subscription.price_minor, subscription.currency, lang),
                })}
              </Button>
            )}
            {(status === 'inactive' || status === 'expired') && (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => onAction('delete')}
                disabled={busy !== null}
              >
                {t('common.delete')}
              </Button>
            )}
          </Group>
        </Group>
        {notice}
      </Stack>
    </Paper>
  );
}
