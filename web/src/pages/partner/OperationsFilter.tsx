import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePartnerClients } from '../../api/partner';
import { OPERATION_KINDS, type OperationKind, type OperationsQuery } from '../../api/partner-money';
import { DateRangeForm } from '../../components/DateRangeForm';
import { useT } from '../../i18n/use-t';

export type OperationsFilterValue = Omit<OperationsQuery, 'page'>;

export const NO_FILTER: OperationsFilterValue = { kind: '', client_id: '', from: '', to: '' };

const isKind = (value: string | null): value is OperationKind =>
  (OPERATION_KINDS as readonly (string | null)[]).includes(value);

/** The client, found by name or e-mail on the server as it is typed. */
function ClientSelect({ value, onChange }: { value: string; onChange: (id: string, name: string) => void }) {
  const { t } = useT();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const { data } = usePartnerClients({ q, page: 1 });
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const options = (data?.clients ?? []).map((client) => ({ value: client.id, label: client.name }));
  if (picked && value === picked.value && !options.some((one) => one.value === picked.value))
    options.unshift(picked);
  return (
    <Select
      label={t('partner.ops.client')}
      placeholder={t('partner.ops.any_client')}
      data={options}
      value={value || null}
      onChange={(id, option) => {
        setPicked(option ? { value: option.value, label: option.label } : null);
        onChange(id ?? '', option?.label ?? '');
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={t('select.nothing_found')}
      clearable
      clearButtonProps={{ 'aria-label': t('partner.ops.clear_client') }}
      w={{ base: '100%', xs: 240 }}
      data-testid="partner-ops-client"
    />
  );
}

/** The operations' filters: the kind and the client apply at once, the dates with Apply. */
export function OperationsFilter({
  value,
  onChange,
}: {
  value: OperationsFilterValue;
  onChange: (value: OperationsFilterValue) => void;
}) {
  const { t } = useT();
  const filtered = value.kind || value.client_id || value.from || value.to;
  return (
    <Group align="flex-start" gap="sm">
      <Select
        label={t('partner.ops.kind')}
        placeholder={t('partner.ops.any_kind')}
        data={OPERATION_KINDS.map((kind) => ({ value: kind, label: t(`partner.ops.kind.${kind}`) }))}
        value={value.kind || null}
        onChange={(kind) => onChange({ ...value, kind: isKind(kind) ? kind : '' })}
        clearable
        clearButtonProps={{ 'aria-label': t('partner.ops.clear_kind') }}
        w={{ base: '100%', xs: 240 }}
        data-testid="partner-ops-kind"
      />
      <ClientSelect value={value.client_id} onChange={(id) => onChange({ ...value, client_id: id })} />
      <DateRangeForm
        label={t('partner.ops.dates')}
        labels={{ from: t('balance.tx.from'), to: t('balance.tx.to'), apply: t('balance.tx.apply') }}
        value={{ from: value.from, to: value.to }}
        onApply={(range) => onChange({ ...value, ...range })}
        applyVariant="light"
      >
        {filtered && (
          <Button variant="subtle" onClick={() => onChange(NO_FILTER)}>
            {t('balance.tx.reset')}
          </Button>
        )}
      </DateRangeForm>
    </Group>
  );
}
