import { Badge, Group } from '@mantine/core';
import type { PartnerClient } from '../../api/partner';
import { formatDate } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

/** The end of the client's paid subscription; else of its demo, marked as such; else a dash. */
export function SubscriptionEnd({ client, now = new Date() }: { client: PartnerClient; now?: Date }) {
  const { t, lang } = useT();
  if (client.subscription_expires_at) return <>{formatDate(client.subscription_expires_at, lang)}</>;
  if (new Date(client.demo_till) > now)
    return (
      <Group gap={6} wrap="nowrap" component="span">
        <span>{formatDate(client.demo_till, lang)}</span>
        <Badge size="xs" variant="light" color="gray">
          {t('partner.clients.demo')}
        </Badge>
      </Group>
    );
  return <>—</>;
}
