import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { HistoryStatus } from '../../api/history';
import { type DateRange, DateRangeForm } from '../../components/DateRangeForm';
import { formatDate } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

export interface HistoryFilter extends DateRange {
  status: HistoryStatus | null;
}

const STATUS_OPTIONS = ['all', 'success', 'error'] as const;
type StatusOption = (typeof STATUS_OPTIONS)[number];
const isStatusOption = (value: string): value is StatusOption =>
  (STATUS_OPTIONS as readonly string[]).includes(value);

interface HistoryFiltersProps {
  value: HistoryFilter;
  onApply: (filter: HistoryFilter) => void;
}

/** The date range (from, to, Apply) and the success/error filter; the status applies at once. */
export function HistoryFilters({ value, onApply }: HistoryFiltersProps) {
  const { t, lang } = useT();
  return (
    <Stack gap="xs">
      <DateRangeForm
        label={t('history.filter')}
        labels={{ from: t('history.from'), to: t('history.to'), apply: t('history.apply') }}
        value={value}
        onApply={(range) => onApply({ ...value, ...range })}
      >
        <SegmentedControl
          aria-label={t('history.status')}
          value={value.status ?? 'all'}
          data={STATUS_OPTIONS.map((option) => ({ value: option, label: t(`history.status.${option}`) }))}
          onChange={(next) => {
            if (isStatusOption(next)) onApply({ ...value, status: next === 'all' ? null : next });
          }}
        />
      </DateRangeForm>
      <Text size="sm" c="dimmed" data-testid="history-period">
        {t('history.period', {
          from: value.from ? formatDate(`${value.from}T00:00:00`, lang) : '…',
          to: value.to ? formatDate(`${value.to}T00:00:00`, lang) : '…',
        })}
      </Text>
    </Stack>
  );
}
