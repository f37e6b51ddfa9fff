import { type CrmEntity, type CrmField, unixTimeOf } from '../../shared/crm';
import type { BitrixClient } from './client';

/**
 * The fields of a deal, contact or company (`crm.{entity}.fields`, reference/crm.md §2.4) the bot can
 * fill, and a value from the dialogue in the form each type takes: text, numbers, Y/N, dates in
 * ISO, a list's option by its id (matched by its text), phones and e-mails as multi-fields.
 */

interface BitrixFieldMeta {
  type: string;
  isReadOnly?: boolean;
  isMultiple?: boolean;
  title?: string;
  formLabel?: string;
  listLabel?: string;
  items?: { ID: string; VALUE: string }[];
}

export const FIELDS_METHOD: Record<CrmEntity, string> = {
  lead: 'crm.deal.fields',
  contact: 'crm.contact.fields',
  company: 'crm.company.fields',
};

const FILLABLE = new Set([
  'string',
  'integer',
  'double',
  'money',
  'date',
  'datetime',
  'enumeration',
  'boolean',
  'char',
  'url',
  'crm_multifield',
]);
/** Fields that are not the customer's data, though writable. */
const SYSTEM = new Set([
  'STAGE_ID',
  'CATEGORY_ID',
  'ASSIGNED_BY_ID',
  'CURRENCY_ID',
  'TYPE_ID',
  'SOURCE_ID',
  'CONTACT_ID',
  'COMPANY_ID',
]);

export async function bitrixFields(api: BitrixClient, entity: CrmEntity): Promise<CrmField[]> {
  const meta = await api.result<Record<string, BitrixFieldMeta>>(FIELDS_METHOD[entity]);
  return Object.entries(meta ?? {})
    .filter(([id, field]) => !field.isReadOnly && FILLABLE.has(field.type) && !SYSTEM.has(id))
    .map(
      ([id, field]): CrmField => ({
        id,
        name: field.formLabel || field.listLabel || field.title || id,
        type: field.type,
        options: field.items ? field.items.map((item) => ({ id: String(item.ID), value: item.VALUE })) : null,
      }),
    );
}

export type BitrixValue = { value: unknown } | { error: string };

const YES = /^(да|yes|true|1|y|вкл|on|\+)$/i;
const NO = /^(нет|no|false|0|n|выкл|off|-)?$/i;

export function bitrixFieldValue(field: CrmField, raw: string): BitrixValue {
  const text = raw.trim();
  switch (field.type) {
    case 'integer':
    case 'double':
    case 'money': {
      const number = text.replace(/\s/g, '').replace(',', '.');
      if (!/^-?\d+(\.\d+)?$/.test(number)) return { error: `«${field.name}» takes a number, not «${text}»` };
      return { value: field.type === 'integer' ? Math.round(Number(number)) : Number(number) };
    }
    case 'boolean':
      if (YES.test(text)) return { value: 'Y' };
      if (NO.test(text)) return { value: 'N' };
      return { error: `«${field.name}» takes yes or no` };
    case 'date':
    case 'datetime': {
      const time = unixTimeOf(text);
      if (time === null) return { error: `«${field.name}» takes a date like 31.12.2026` };
      const iso = new Date(time * 1000).toISOString();
      return { value: field.type === 'date' ? iso.slice(0, 10) : iso };
    }
    case 'enumeration': {
      const wanted = text.toLowerCase();
      const found = field.options?.find((item) => item.value.trim().toLowerCase() === wanted);
      if (found) return { value: found.id };
      const options = (field.options ?? []).map((item) => item.value).join(', ');
      return { error: `«${field.name}» has no option «${text}»; options: ${options}` };
    }
    case 'crm_multifield':
      return { value: [{ VALUE: text, VALUE_TYPE: 'WORK' }] };
    default:
      return { value: text };
  }
}
