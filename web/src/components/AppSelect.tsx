import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import { useT } from '../i18n/use-t';

interface AppSelectProps<V extends string> extends Omit<SelectProps<V>, 'data' | 'value' | 'onChange'> {
  data: readonly ComboboxItem<V>[];
  value: V | null;
  onChange: (value: V) => void;
}

/**
 * A select with the product's wording (SPEC §8): 'Выберите значение' when empty and 'Вариант не
 * найден' when the stored value is not among the options (say, a model that left the catalogue).
 */
export function AppSelect<V extends string>({ data, value, onChange, error, ...props }: AppSelectProps<V>) {
  const { t } = useT();
  const missing = value !== null && value !== '' && !data.some((item) => item.value === value);
  return (
    <Select<V>
      placeholder={missing ? t('select.option_not_found') : t('select.placeholder')}
      nothingFoundMessage={t('select.nothing_found')}
      allowDeselect={false}
      {...props}
      data={data}
      value={missing ? null : value}
      onChange={(next) => {
        if (next !== null) onChange(next);
      }}
      error={error ?? (missing ? t('select.option_not_found') : undefined)}
    />
  );
}
