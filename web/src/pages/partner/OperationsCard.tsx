import { EmptyState, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { usePartnerOperations } from '../../api/partner-money';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from '../balance/BalanceSection';
import { NO_FILTER, OperationsFilter, type OperationsFilterValue } from './OperationsFilter';
import { OperationsTable } from './OperationsTable';

/** The operations of the partner balance (issue #23 §2): filtered by kind, client and dates, 20 a page. */
export function OperationsCard() {
  const { t } = useT();
  const [filter, setFilter] = useState<OperationsFilterValue>(NO_FILTER);
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = usePartnerOperations({ ...filter, page });
  const filtered = Boolean(filter.kind || filter.client_id || filter.from || filter.to);

  let body = null;
  if (!data)
    body = error ? (
      <LoadFailed title={t('partner.ops.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      <PageLoader />
    );
  else if (data.items.length === 0)
    body = (
      <EmptyState size="sm" data-testid="partner-ops-empty">
        <EmptyState.Title order={4}>
          {t(filtered ? 'partner.ops.not_found_title' : 'partner.ops.empty_title')}
        </EmptyState.Title>
        <EmptyState.Description>
          {t(filtered ? 'partner.ops.not_found_text' : 'partner.ops.empty_text')}
        </EmptyState.Description>
      </EmptyState>
    );
  else
    body = (
      <>
        <OperationsTable items={data.items} />
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed" data-testid="partner-ops-total">
            {t('balance.tx.total', { count: data.pagination.total })}
          </Text>
          <Pagination
            total={data.pagination.pages}
            value={data.pagination.page}
            onChange={setPage}
            hideWithOnePage
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`partner.page.${control}`) })}
          />
        </Group>
      </>
    );

  return (
    <BalanceSection title={t('partner.ops.title')} testId="partner-operations">
      <Stack gap="md" aria-busy={isLoading || undefined}>
        <OperationsFilter
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        {body}
      </Stack>
    </BalanceSection>
  );
}
