import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/use-t';

export interface DateRange {
  /** YYYY-MM-DD or empty. */
  from: string;
  to: string;
}

/** The date range of the transactions: from, to, Apply; Reset when a range is set. */
export function TransactionsFilter({
  value,
  onApply,
}: {
  value: DateRange;
  onApply: (range: DateRange) => void;
}) {
  const { t, lang } = useT();
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const inverted = from !== '' && to !== '' && from > to;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!inverted) onApply({ from, to });
  };
  const reset = () => {
    setFrom('');
    setTo('');
    onApply({ from: '', to: '' });
  };

  return (
    <form onSubmit={apply} aria-label={t('balance.tx.filter')} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          type="date"
          lang={lang}
          label={t('balance.tx.from')}
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.currentTarget.value)}
          w={170}
        />
        <TextInput
          type="date"
          lang={lang}
          label={t('balance.tx.to')}
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={inverted ? t('history.range_inverted') : undefined}
          w={170}
        />
        <Group gap="xs" mt={25}>
          <Button type="submit" variant="light" disabled={inverted}>
            {t('balance.tx.apply')}
          </Button>
          {(value.from || value.to) && (
            <Button variant="subtle" onClick={reset}>
              {t('balance.tx.reset')}
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
