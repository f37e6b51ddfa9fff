import { Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PartnerSummary } from '../../api/partner-money';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

interface PartnerSummaryCardProps {
  summary: PartnerSummary;
  /** Opens the tab where the partner balance is topped up. */
  onTopUp: () => void;
}

/** The head of the cabinet: the partner balance, the status with its discount and shares, the way up. */
export function PartnerSummaryCard({ summary, onTopUp }: PartnerSummaryCardProps) {
  const { t, lang } = useT();
  const next = summary.next_status;
  const left = next ? Math.max(0, next.paying_accounts - summary.paying_accounts) : 0;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="partner-summary">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {t('partner.summary.balance')}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid="partner-balance" style={{ overflowWrap: 'anywhere' }}>
            {formatMoney(summary.balance_minor, summary.currency, lang)}
          </Text>
          <div>
            <Button size="xs" variant="light" onClick={onTopUp} data-testid="partner-summary-top-up">
              {t('partner.summary.top_up')}
            </Button>
          </div>
        </Stack>
        <Stack gap={8}>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('partner.summary.status')}
            </Text>
            <Badge variant="light" size="lg" data-testid="partner-status">
              {t(`partner.status.${summary.status}`)}
            </Badge>
          </Group>
          <Text size="sm">
            {t('partner.summary.terms', {
              discount: summary.discount_percent,
              subscriptions: summary.subscription_share_percent,
              transactions: summary.transaction_share_percent,
            })}
          </Text>
          {next ? (
            <>
              <Progress
                value={Math.min(100, (summary.paying_accounts / Math.max(1, next.paying_accounts)) * 100)}
                size="sm"
                aria-label={t('partner.summary.progress')}
              />
              <Text size="xs" c="dimmed" data-testid="partner-next-status">
                {t('partner.summary.next', {
                  count: left,
                  paying: summary.paying_accounts,
                  status: t(`partner.status.${next.id}`),
                })}
              </Text>
            </>
          ) : (
            <Text size="xs" c="dimmed" data-testid="partner-next-status">
              {t('partner.summary.top_status', { paying: summary.paying_accounts })}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
