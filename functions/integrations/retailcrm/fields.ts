import { type CrmEntity, type CrmField, unixTimeOf } from '../../shared/crm';
import type { RetailClient } from './client';

/**
 * The fields of a RetailCRM order (the dialogue's lead) and of its customer (the contact) the bot
 * can fill (reference/crm.md §3.2): a few standard ones, then the account's custom fields of that
 * entity (`custom-fields`, their lists' options from `custom-fields/dictionaries`). A custom
 * field's id is `customFields.{code}`. RetailCRM's corporate customers are not worked with.
 */

const STANDARD: Record<'order' | 'customer', CrmField[]> = {
  order: [
    { id: 'firstName', name: 'Имя', type: 'text', options: null },
    { id: 'lastName', name: 'Фамилия', type: 'text', options: null },
    { id: 'phone', name: 'Телефон', type: 'text', options: null },
    { id: 'email', name: 'E-mail', type: 'text', options: null },
    { id: 'customerComment', name: 'Комментарий клиента', type: 'textarea', options: null },
    { id: 'managerComment', name: 'Комментарий оператора', type: 'textarea', options: null },
  ],
  customer: [
    { id: 'firstName', name: 'Имя', type: 'text', options: null },
    { id: 'lastName', name: 'Фамилия', type: 'text', options: null },
    { id: 'email', name: 'E-mail', type: 'text', options: null },
    { id: 'birthday', name: 'Дата рождения', type: 'date', options: null },
  ],
};

export const CUSTOM_PREFIX = 'customFields.';

/** Which RetailCRM entity stands for one of ours; null for companies. */
export const retailEntityOf = (entity: CrmEntity) =>
  entity === 'lead' ? 'order' : entity === 'contact' ? 'customer' : null;

interface CustomField {
  code: string;
  name: string;
  type: string;
  entity: string;
  dictionary?: string;
}

interface Dictionary {
  code: string;
  elements?: { code: string; name: string; ordering?: number }[];
}

const TYPES: Record<string, string> = {
  string: 'text',
  text: 'textarea',
  integer: 'numeric',
  numeric: 'numeric',
  boolean: 'checkbox',
  date: 'date',
  email: 'text',
  dictionary: 'select',
  multiselect_dictionary: 'multiselect',
};

export async function retailFields(api: RetailClient, entity: CrmEntity): Promise<CrmField[]> {
  const own = retailEntityOf(entity);
  if (!own) return [];
  const answer = await api.get('custom-fields', { 'filter[entity]': own, limit: 100 });
  const custom = (Array.isArray(answer.customFields) ? answer.customFields : []) as CustomField[];
  const needsLists = custom.some((field) => field.dictionary);
  const dictionaries = needsLists
    ? (((await api.get('custom-fields/dictionaries', { limit: 100 })).customDictionaries ??
        []) as Dictionary[])
    : [];
  const optionsOf = (code: string | undefined) =>
    (dictionaries.find((item) => item.code === code)?.elements ?? [])
      .slice()
      .sort((a, b) => (a.ordering ?? 0) - (b.ordering ?? 0))
      .map((element) => ({ id: element.code, value: element.name }));
  return [
    ...STANDARD[own],
    ...custom
      .filter((field) => field.entity === own)
      .map(
        (field): CrmField => ({
          id: `${CUSTOM_PREFIX}${field.code}`,
          name: field.name,
          type: TYPES[field.type] ?? 'text',
          options: field.dictionary ? optionsOf(field.dictionary) : null,
        }),
      ),
  ];
}

export type RetailFieldValue = { value: unknown } | { error: string };

const YES = new Set(['да', 'yes', 'true', '1', 'y', 'д']);
const NO = new Set(['нет', 'no', 'false', '0', 'n', 'н']);

/** The value written for `field` from the dialogue's text. */
export function retailFieldValue(field: CrmField, raw: string): RetailFieldValue {
  const text = raw.trim();
  if (field.type === 'date') {
    const time = unixTimeOf(text);
    if (time === null) return { error: `«${field.name}» takes a date like 31.12.2026` };
    return { value: new Date(time * 1000).toISOString().slice(0, 10) };
  }
  if (field.type === 'numeric') {
    const number = Number(text.replace(/\s/g, '').replace(',', '.'));
    return Number.isFinite(number) ? { value: number } : { error: `«${field.name}» takes a number` };
  }
  if (field.type === 'checkbox') {
    const word = text.toLowerCase();
    if (YES.has(word)) return { value: true };
    if (NO.has(word)) return { value: false };
    return { error: `«${field.name}» takes yes or no` };
  }
  if (field.type === 'select' || field.type === 'multiselect') {
    const wanted = text.toLowerCase();
    const found = field.options?.find((item) => item.value.trim().toLowerCase() === wanted);
    if (!found) {
      const options = (field.options ?? []).map((item) => item.value).join(', ');
      return { error: `«${field.name}» has no option «${text}»; options: ${options}` };
    }
    return { value: field.type === 'multiselect' ? [found.id] : found.id };
  }
  return { value: text };
}

/** The entity's changes for one field: standard ones at the top, custom ones under customFields. */
export function fieldChange(field: CrmField, value: unknown): Record<string, unknown> {
  return field.id.startsWith(CUSTOM_PREFIX)
    ? { customFields: { [field.id.slice(CUSTOM_PREFIX.length)]: value } }
    : { [field.id]: value };
}
