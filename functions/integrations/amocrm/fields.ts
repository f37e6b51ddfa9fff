import { unixTimeOf } from '../../shared/crm';

/**
 * A value from the dialogue written into an amoCRM custom field (reference/crm.md §1.6): text-like
 * types take a string (numbers too, as strings), a checkbox a boolean, dates a Unix time, lists an
 * option by id (matched by its text), contact phones and e-mails a value with an enum code.
 */

export interface AmoCustomField {
  id: number;
  name: string;
  type: string;
  code?: string | null;
  enums?: { id: number; value: string }[] | null;
}

export type FieldValues = { values: Record<string, unknown>[] } | { error: string };

const TEXT_TYPES = new Set(['text', 'textarea', 'url', 'streetaddress', 'tracking_data']);
const NUMBER_TYPES = new Set(['numeric', 'price', 'monetary']);
const LIST_TYPES = new Set(['select', 'radiobutton', 'category']);
const DATE_TYPES = new Set(['date', 'date_time', 'birthday']);

const YES = /^(да|yes|true|1|вкл|on|\+)$/i;
const NO = /^(нет|no|false|0|выкл|off|-)?$/i;

function option(field: AmoCustomField, text: string) {
  const wanted = text.trim().toLowerCase();
  return field.enums?.find((item) => item.value.trim().toLowerCase() === wanted);
}

const optionsOf = (field: AmoCustomField) => (field.enums ?? []).map((item) => item.value).join(', ');

export function amoFieldValues(field: AmoCustomField, raw: string): FieldValues {
  const text = raw.trim();
  if (TEXT_TYPES.has(field.type)) return { values: [{ value: text }] };
  if (NUMBER_TYPES.has(field.type)) {
    const number = text.replace(/\s/g, '').replace(',', '.');
    return /^-?\d+(\.\d+)?$/.test(number)
      ? { values: [{ value: number }] }
      : { error: `«${field.name}» takes a number, not «${text}»` };
  }
  if (field.type === 'checkbox') {
    if (YES.test(text)) return { values: [{ value: true }] };
    if (NO.test(text)) return { values: [{ value: false }] };
    return { error: `«${field.name}» takes yes or no` };
  }
  if (DATE_TYPES.has(field.type)) {
    const time = unixTimeOf(text);
    return time === null
      ? { error: `«${field.name}» takes a date like 31.12.2026` }
      : { values: [{ value: time }] };
  }
  if (LIST_TYPES.has(field.type)) {
    const found = option(field, text);
    return found
      ? { values: [{ enum_id: found.id }] }
      : { error: `«${field.name}» has no option «${text}»; options: ${optionsOf(field)}` };
  }
  if (field.type === 'multiselect') {
    const parts = text
      .split(/[,;]/)
      .map((part) => part.trim())
      .filter(Boolean);
    const found = parts.map((part) => option(field, part));
    const missing = parts.filter((_part, index) => !found[index]);
    return missing.length > 0
      ? { error: `«${field.name}» has no option «${missing.join(', ')}»; options: ${optionsOf(field)}` }
      : { values: found.map((item) => ({ enum_id: item?.id })) };
  }
  if (field.type === 'multitext') return { values: [{ value: text, enum_code: 'WORK' }] };
  return { error: `«${field.name}» is a ${field.type} field, which the bot cannot fill` };
}
