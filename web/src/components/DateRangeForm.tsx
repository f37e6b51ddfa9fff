// The date pickers' rules come with the screens that use them (History, Balance), after the core
// stylesheet of web/src/styles.ts: they stay out of the SPA's initial download. Russian month and
// weekday names come from dayjs's locale.
import '@mantine/dates/styles.css';
import 'dayjs/locale/ru';
import { Button, Group } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { Language } from '../../../functions/shared/constants';
import { useT } from '../i18n/use-t';

/** An inclusive range of calendar days, each YYYY-MM-DD or empty for no bound. */
export interface DateRange {
  from: string;
  to: string;
}

/** How a picked day reads in the field (SPEC §1): DD.MM.YYYY in Russian, MM/DD/YYYY in English. */
export const DATE_FIELD_FORMAT: Record<Language, string> = { ru: 'DD.MM.YYYY', en: 'MM/DD/YYYY' };

interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD or empty. */
  value: string;
  onChange: (value: string) => void;
  minDate?: string;
  maxDate?: string;
  error?: string;
}

/**
 * One day, picked from a calendar in the app's language (not the browser's, as a native date input
 * would), shown in the language's format and given back as YYYY-MM-DD; clearable.
 */
export function DateField({ label, value, onChange, minDate, maxDate, error }: DateFieldProps) {
  const { t, lang } = useT();
  return (
    <DatesProvider settings={{ locale: lang, firstDayOfWeek: lang === 'ru' ? 1 : 0 }}>
      <DatePickerInput
        label={label}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        valueFormat={DATE_FIELD_FORMAT[lang]}
        placeholder={t('date.placeholder')}
        minDate={minDate || undefined}
        maxDate={maxDate || undefined}
        error={error}
        clearable
        clearButtonProps={{ 'aria-label': t('date.clear', { label }) }}
        ariaLabels={{
          nextMonth: t('date.next_month'),
          previousMonth: t('date.previous_month'),
          nextYear: t('date.next_year'),
          previousYear: t('date.previous_year'),
          nextDecade: t('date.next_decade'),
          previousDecade: t('date.previous_decade'),
          monthLevelControl: t('date.choose_month'),
          yearLevelControl: t('date.choose_year'),
        }}
        popoverProps={{ position: 'bottom-start' }}
        // Side by side: halves of a phone's row, 170 px each on wider screens.
        flex={{ base: 1, xs: 'none' }}
        miw={0}
        w={{ xs: 170 }}
      />
    </DatesProvider>
  );
}

interface DateRangeFormProps {
  /** The form's accessible name. */
  label: string;
  labels: { from: string; to: string; apply: string };
  /** The applied range; the fields edit a draft of it until Apply. */
  value: DateRange;
  onApply: (range: DateRange) => void;
  applyVariant?: 'filled' | 'light';
  /** More controls after Apply (a status filter, a Reset button). */
  children?: ReactNode;
}

/**
 * A date range filter: from, to, Apply. A "to" before "from" is refused on the spot (the server's
 * 'date_range_invalid' never comes back from here) and Apply waits until it is fixed.
 */
export function DateRangeForm({
  label,
  labels,
  value,
  onApply,
  applyVariant = 'filled',
  children,
}: DateRangeFormProps) {
  const { t } = useT();
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  useEffect(() => {
    setFrom(value.from);
    setTo(value.to);
  }, [value.from, value.to]);
  const inverted = from !== '' && to !== '' && from > to;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!inverted) onApply({ from, to });
  };

  return (
    <form onSubmit={apply} aria-label={label} noValidate>
      <Group align="flex-start" gap="sm">
        <Group align="flex-start" gap="sm" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
          <DateField label={labels.from} value={from} onChange={setFrom} maxDate={to} />
          <DateField
            label={labels.to}
            value={to}
            onChange={setTo}
            minDate={from}
            error={inverted ? t('history.range_inverted') : undefined}
          />
        </Group>
        {/* Level with the fields below their labels; on a phone, on a row of its own. */}
        <Group gap="sm" mt={{ base: 0, xs: 25 }}>
          <Button type="submit" variant={applyVariant} disabled={inverted}>
            {labels.apply}
          </Button>
          {children}
        </Group>
      </Group>
    </form>
  );
}
