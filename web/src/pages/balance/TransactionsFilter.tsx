import { Button } from '@mantine/core';
import { type DateRange, DateRangeForm } from '../../components/DateRangeForm';
import { useT } from '../../i18n/use-t';

export type { DateRange };

/** The date range of the transactions: from, to, Apply; Reset when a range is set. */
export function TransactionsFilter({
  value,
  onApply,
}: {
  value: DateRange;
  onApply: (range: DateRange) => void;
}) {
  const { t } = useT();
  return (
    <DateRangeForm
      label={t('balance.tx.filter')}
      labels={{ from: t('balance.tx.from'), to: t('balance.tx.to'), apply: t('balance.tx.apply') }}
      value={value}
      onApply={onApply}
      applyVariant="light"
    >
      {(value.from || value.to) && (
        <Button variant="subtle" onClick={() => onApply({ from: '', to: '' })}>
          {t('balance.tx.reset')}
        </Button>
      )}
    </DateRangeForm>
  );
}
