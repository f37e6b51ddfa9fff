import { Anchor, type ComboboxItem, Loader, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../../../api/client';
import { AppSelect } from '../../../../components/AppSelect';
import { useT } from '../../../../i18n/use-t';

interface CrmSelectProps {
  label: string;
  /** The CRM's list, loaded from the chosen integration; null while no integration is chosen. */
  list: { items: readonly ComboboxItem[]; isLoading: boolean; error: unknown; retry: () => void } | null;
  value: string | null;
  onChange: (value: string) => void;
  error?: string;
  /** What a saved value the CRM no longer has reads as ('Поле не найдено'); 'Вариант не найден' otherwise. */
  missingText?: string;
  clearable?: boolean;
  onClear?: () => void;
  description?: ReactNode;
  /** What the disabled select says while `list` is null (default: choose the integration first). */
  idleText?: string;
}

/**
 * A choice from a CRM's real list (pipelines, statuses, fields, task types, staff): disabled until
 * an integration is chosen, a loader while it loads, the CRM's refusal with a retry when it fails, and
 * a saved value that no longer exists flagged.
 */
export function CrmSelect({
  label,
  list,
  value,
  onChange,
  error,
  missingText,
  clearable,
  onClear,
  description,
  idleText,
}: CrmSelectProps) {
  const { t } = useT();
  if (!list || list.isLoading) {
    return (
      <Select
        label={label}
        data={[]}
        disabled
        placeholder={list ? t('crm.loading') : (idleText ?? t('crm.choose_integration'))}
        rightSection={list ? <Loader size="xs" /> : undefined}
      />
    );
  }
  if (list.error) {
    const reason =
      list.error instanceof ApiError && list.error.serverMessage
        ? list.error.serverMessage
        : t('crm.load_failed');
    return (
      <div>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="red">
          {reason}{' '}
          <Anchor component="button" type="button" size="sm" onClick={list.retry}>
            {t('crm.retry')}
          </Anchor>
        </Text>
      </div>
    );
  }
  const missing = value !== null && value !== '' && !list.items.some((item) => item.value === value);
  if (clearable && !missing) {
    return (
      <Select
        label={label}
        description={description}
        data={list.items}
        value={value || null}
        searchable
        clearable
        placeholder={t('select.placeholder')}
        nothingFoundMessage={t('select.nothing_found')}
        onChange={(next) => (next ? onChange(next) : onClear?.())}
      />
    );
  }
  return (
    <AppSelect
      label={label}
      description={description}
      data={list.items}
      value={value || null}
      searchable
      onChange={onChange}
      error={error ?? (missing && missingText ? missingText : undefined)}
    />
  );
}
