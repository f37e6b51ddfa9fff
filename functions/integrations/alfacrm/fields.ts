import { type CrmField, unixTimeOf } from '../../shared/crm';
import type { AlfaClient } from './client';

/**
 * The fields of an AlfaCRM customer (a lead is a customer with is_study = 0; reference/crm.md §4)
 * the bot can fill: the standard ones AlfaCRM documents, the lead source from the account's list,
 * and the account's own `custom_*` fields. AlfaCRM lists no field metadata, so the custom ones are
 * read off a customer record: every customer carries every custom field.
 */

interface Named {
  id: number;
  name: string;
  is_enabled?: number | boolean;
}

const STANDARD: CrmField[] = [
  { id: 'name', name: 'Имя', type: 'text', options: null },
  { id: 'phone', name: 'Телефон', type: 'multitext', options: null },
  { id: 'email', name: 'E-mail', type: 'multitext', options: null },
  { id: 'web', name: 'Сайт', type: 'multitext', options: null },
  { id: 'addr', name: 'Адрес', type: 'multitext', options: null },
  { id: 'dob', name: 'Дата рождения', type: 'date', options: null },
  { id: 'note', name: 'Примечание', type: 'textarea', options: null },
];
const SOURCE_FIELD = 'lead_source_id';
const CUSTOM_PREFIX = 'custom_';

export async function alfaCustomerFields(api: AlfaClient): Promise<CrmField[]> {
  const sources = await api.all<Named>('lead-source');
  const sample = await api.index<Record<string, unknown>>('customer', {}, 0, 1);
  const custom = Object.keys(sample.items[0] ?? {})
    .filter((key) => key.startsWith(CUSTOM_PREFIX))
    .sort()
    .map(
      (key): CrmField => ({ id: key, name: key.slice(CUSTOM_PREFIX.length), type: 'text', options: null }),
    );
  return [
    ...STANDARD,
    {
      id: SOURCE_FIELD,
      name: 'Источник',
      type: 'select',
      options: sources
        .filter((source) => source.is_enabled !== 0 && source.is_enabled !== false)
        .map((source) => ({ id: String(source.id), value: source.name })),
    },
    ...custom,
  ];
}

export type AlfaFieldValue = { value: unknown } | { error: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** The value written for `field` from the dialogue's text; `current` is the customer's value now. */
export function alfaFieldValue(field: CrmField, raw: string, current: unknown): AlfaFieldValue {
  const text = raw.trim();
  if (field.type === 'multitext') {
    const kept = Array.isArray(current) ? current.filter((item) => typeof item === 'string') : [];
    return { value: kept.includes(text) ? kept : [...kept, text] };
  }
  if (field.type === 'date') {
    const time = unixTimeOf(text);
    if (time === null) return { error: `«${field.name}» takes a date like 31.12.2026` };
    const date = new Date(time * 1000);
    return { value: `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}` };
  }
  if (field.type === 'select') {
    const wanted = text.toLowerCase();
    const found = field.options?.find((item) => item.value.trim().toLowerCase() === wanted);
    return found
      ? { value: Number(found.id) }
      : {
          error: `«${field.name}» has no option «${text}»; options: ${(field.options ?? []).map((item) => item.value).join(', ')}`,
        };
  }
  return { value: text };
}
