import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import type { HistoryStatus } from '../../api/history';
import { formatDate } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

export interface HistoryFilter {
  from: string;
  to: string;
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
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  useEffect(() => {
    setFrom(value.from);
    setTo(value.to);
  }, [value.from, value.to]);
  const inverted = from !== '' && to !== '' && from > to;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!inverted) onApply({ ...value, from, to });
  };

  return (
    <form onSubmit={apply} aria-label={t('history.filter')} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <TextInput
            type="date"
            lang={lang}
            label={t('history.from')}
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.currentTarget.value)}
            w={180}
          />
          <TextInput
            type="date"
            lang={lang}
            label={t('history.to')}
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.currentTarget.value)}
            w={180}
            error={inverted ? t('history.range_inverted') : undefined}
          />
          <Button type="submit" disabled={inverted}>
            {t('history.apply')}
          </Button>
          <SegmentedControl
            aria-label={t('history.status')}
            value={value.status ?? 'all'}
            data={STATUS_OPTIONS.map((option) => ({ value: option, label: t(`history.status.${option}`) }))}
            onChange={(next) => {
              if (isStatusOption(next)) onApply({ ...value, status: next === 'all' ? null : next });
            }}
          />
        </Group>
        <Text size="sm" c="dimmed" data-testid="history-period">
          {t('history.period', {
            from: value.from ? formatDate(`${value.from}T00:00:00`, lang) : '…',
            to: value.to ? formatDate(`${value.to}T00:00:00`, lang) : '…',
          })}
        </Text>
      </Stack>
    </form>
  );
}
