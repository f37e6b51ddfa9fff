import { Badge } from '@mantine/core';
import type { Subscription } from '../../api/subscriptions';
import { useT } from '../../i18n/use-t';

const COLORS = { active: 'green', inactive: 'orange', in_advance: 'blue', expired: 'gray' } as const;

/** SPEC §4 subscription status (active, inactive, in advance, expired), or the demo. */
export function SubscriptionStatusBadge({ subscription }: { subscription: Subscription }) {
  const { t } = useT();
  if (subscription.demo)
    return (
      <Badge color="violet" variant="light" data-testid="subscription-status">
        {t('balance.status.demo')}
      </Badge>
    );
  return (
    <Badge color={COLORS[subscription.status]} variant="light" data-testid="subscription-status">
      {t(`balance.status.${subscription.status}`)}
    </Badge>
  );
}
