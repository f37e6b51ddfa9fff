import { EmptyState, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SWRResponse } from 'swr';
import { type TransactionsPage, type TransactionsQuery, useTransactions } from '../../api/payments';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from './BalanceSection';
import { type DateRange, TransactionsFilter } from './TransactionsFilter';
import { TransactionsTable } from './TransactionsTable';

interface TransactionsCardProps {
  /** Another purse's payments (the partner balance): its hook, its title and what its empty list says. */
  purse?: {
    useItems: (query: TransactionsQuery) => SWRResponse<TransactionsPage, unknown>;
    title: string;
    emptyText: string;
  };
}

/** The transaction history: a date range, the table, and the pages (20 a page, newest first). */
export function TransactionsCard({ purse }: TransactionsCardProps = {}) {
  const { t } = useT();
  const [range, setRange] = useState<DateRange>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const useItems = purse?.useItems ?? useTransactions;
  const { data, error, isLoading, mutate } = useItems({ ...range, page });

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
          {range.from || range.to
            ? t('balance.tx.empty_range')
            : (purse?.emptyText ?? t('balance.tx.empty_text'))}
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
    <BalanceSection title={purse?.title ?? t('balance.tx.title')} testId="transactions">
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
