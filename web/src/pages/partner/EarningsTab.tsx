import { Alert, EmptyState, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type EarningsBy, usePartnerEarnings } from '../../api/partner-earnings';
import type { PartnerSummary } from '../../api/partner-money';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from '../balance/BalanceSection';
import { EarningsTable } from './EarningsTable';
import { StatusTable } from './StatusTable';

const isBy = (value: string): value is EarningsBy => value === 'month' || value === 'client';

/** Earnings (issue #23 §3): the shares credited, by month or by client; the statuses; the Wazzup bonus. */
export function EarningsTab({ summary }: { summary: PartnerSummary | undefined }) {
  const { t, lang } = useT();
  const [by, setBy] = useState<EarningsBy>('month');
  const { data, error, mutate } = usePartnerEarnings(by);

  let body = null;
  if (!data)
    body = error ? (
      <LoadFailed title={t('partner.earnings.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      <PageLoader />
    );
  else if (data.items.length === 0)
    body = (
      <EmptyState size="sm" data-testid="partner-earnings-empty">
        <EmptyState.Title order={4}>{t('partner.earnings.empty_title')}</EmptyState.Title>
        <EmptyState.Description>{t('partner.earnings.empty_text')}</EmptyState.Description>
      </EmptyState>
    );
  else
    body = (
      <EarningsTable by={by} items={data.items} currency={data.currency} totalMinor={data.total_minor} />
    );

  const switcher = (
    <SegmentedControl
      size="xs"
      value={by}
      onChange={(next) => {
        if (isBy(next)) setBy(next);
      }}
      data={[
        { value: 'month', label: t('partner.earnings.by_month') },
        { value: 'client', label: t('partner.earnings.by_client') },
      ]}
      aria-label={t('partner.earnings.by')}
      data-testid="partner-earnings-by"
    />
  );

  return (
    <Stack gap="lg">
      <BalanceSection
        title={t('partner.earnings.title')}
        description={t('partner.earnings.hint')}
        testId="partner-earnings"
      >
        <Stack gap="md">
          <Group justify="space-between">{switcher}</Group>
          {body}
        </Stack>
      </BalanceSection>
      {summary && summary.wazzup_bonus_minor !== null && (
        <Alert variant="light" color="teal" data-testid="partner-wazzup-bonus">
          <Text size="sm">
            {t('partner.earnings.wazzup', {
              amount: formatMoney(summary.wazzup_bonus_minor, summary.currency, lang),
            })}
          </Text>
        </Alert>
      )}
      <BalanceSection
        title={t('partner.statuses.title')}
        description={t('partner.statuses.hint')}
        testId="partner-statuses-card"
      >
        <StatusTable current={summary?.status ?? null} />
      </BalanceSection>
    </Stack>
  );
}
