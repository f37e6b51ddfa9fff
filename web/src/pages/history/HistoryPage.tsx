import { EmptyState, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { type HistoryStatus, useHistory } from '../../api/history';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { isoDay } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { type HistoryFilter, HistoryFilters } from './HistoryFilters';
import { HistoryTable } from './HistoryTable';

const PER_PAGE = 20;
/** Without a range in the address, the last 30 days up to today. */
const DEFAULT_DAYS = 30;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function defaultRange() {
  const to = new Date();
  const from = new Date(to.getFullYear(), to.getMonth(), to.getDate() - (DEFAULT_DAYS - 1));
  return { from: isoDay(from), to: isoDay(to) };
}

const statusOf = (value: string | null): HistoryStatus | null =>
  value === 'success' || value === 'error' ? value : null;

/** /history: the bots' answers with their prices, filtered by dates and status, page by page. */
export function HistoryPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const range = defaultRange();
  // An empty bound in the address (a cleared date field) is no bound; a missing one is the default.
  const bound = (name: 'from' | 'to') => {
    const raw = params.get(name);
    if (raw === '') return '';
    return raw && DAY.test(raw) ? raw : range[name];
  };
  const filter: HistoryFilter = {
    from: bound('from'),
    to: bound('to'),
    status: statusOf(params.get('status')),
  };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, error, isLoading, mutate } = useHistory({ ...filter, page, perPage: PER_PAGE });

  const go = (next: HistoryFilter, nextPage = 1) => {
    const query: Record<string, string> = { from: next.from, to: next.to, page: String(nextPage) };
    if (next.status) query.status = next.status;
    setParams(query);
  };

  let body = null;
  if (!data) body = isLoading ? <PageLoader /> : null;
  else if (data.items.length === 0)
    body = (
      <EmptyState data-testid="history-empty">
        <EmptyState.Title order={3}>{t('section.history.empty_title')}</EmptyState.Title>
        <EmptyState.Description>{t('history.empty_text')}</EmptyState.Description>
      </EmptyState>
    );
  else
    body = (
      <>
        <HistoryTable items={data.items} />
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed" data-testid="history-total">
            {t('history.total', { count: data.total })}
          </Text>
          <Pagination
            total={data.pages}
            value={data.page}
            onChange={(next) => go(filter, next)}
            hideWithOnePage
            getControlProps={(control) => ({ 'aria-label': t(`history.page.${control}`) })}
          />
        </Group>
      </>
    );

  return (
    <Stack gap="lg">
      <Title order={2}>{t('section.history.title')}</Title>
      <HistoryFilters value={filter} onApply={(next) => go(next)} />
      <Paper withBorder radius="md" p="md" aria-busy={isLoading || undefined}>
        {body}
      </Paper>
      <ErrorModal error={error} onRetry={() => mutate()} />
    </Stack>
  );
}
