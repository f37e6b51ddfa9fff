import { EmptyState, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTransactions } from '../../api/payments';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from './BalanceSection';
import { type DateRange, TransactionsFilter } from './TransactionsFilter';
import { TransactionsTable } from './TransactionsTable';

/** The transaction history: a date range, the table, and the pages (20 a page, newest first). */
export function TransactionsCard() {
  const { t } = useT();
  const [range, setRange] = useState<DateRange>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useTransactions({ ...range, page });

  let body = null;
  if (!data) {
    body = error ? (
      <LoadFailed title={t('balance.tx.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      <PageLoader />
    );
  } else if (data.items.length === 0) {
    body = (
      <EmptyState size="sm" data-testid="transactions-empty">
        <EmptyState.Title order={4}>{t('balance.tx.empty_title')}</EmptyState.Title>
        <EmptyState.Description>
          {t(range.from || range.to ? 'balance.tx.empty_range' : 'balance.tx.empty_text')}
        </EmptyState.Description>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <TransactionsTable items={data.items} />
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed" data-testid="transactions-total">
            {t('balance.tx.total', { count: data.pagination.total })}
          </Text>
          <Pagination
            total={data.pagination.pages}
            value={data.pagination.page}
            onChange={setPage}
            hideWithOnePage
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`history.page.${control}`) })}
          />
        </Group>
      </>
    );
  }

  return (
    <BalanceSection title={t('balance.tx.title')} testId="transactions">
      <Stack gap="md" aria-busy={isLoading || undefined}>
        <TransactionsFilter
          value={range}
          onApply={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
        {body}
      </Stack>
    </BalanceSection>
  );
}
