import type { Language } from '../../shared/constants';
import type { CrmEntity, CrmField } from '../../shared/crm';

/**
 * The fields every amoCRM lead, contact and company has besides its custom ones (SPEC §3 CRM
 * entities; reference/crm.md §1.5, §1.7): the lead's name, budget and responsible user, the
 * contact's and company's name. They are written by their own keys, not through
 * custom_fields_values; their ids in the settings are those keys, which no custom field id (a
 * number) can be.
 */

export type AmoStandardKey = 'name' | 'price' | 'responsible_user_id';

interface StandardField {
  key: AmoStandardKey;
  type: 'text' | 'price' | 'user';
  label: Record<Language, string>;
}

const NAME_OF: Record<CrmEntity, Record<Language, string>> = {
  lead: { ru: 'Название сделки', en: 'Lead name' },
  contact: { ru: 'Имя контакта', en: 'Contact name' },
  company: { ru: 'Название компании', en: 'Company name' },
};

const STANDARD: Record<CrmEntity, StandardField[]> = {
  lead: [
    { key: 'name', type: 'text', label: NAME_OF.lead },
    { key: 'price', type: 'price', label: { ru: 'Бюджет', en: 'Budget' } },
    { key: 'responsible_user_id', type: 'user', label: { ru: 'Ответственный', en: 'Responsible user' } },
  ],
  contact: [{ key: 'name', type: 'text', label: NAME_OF.contact }],
  company: [{ key: 'name', type: 'text', label: NAME_OF.company }],
};

/** The most amoCRM keeps in a lead's budget (a 32-bit integer). */
const MAX_PRICE = 2_147_483_647;

export function standardField(entity: CrmEntity, id: string): StandardField | undefined {
  return STANDARD[entity].find((field) => field.key === id);
}

/** The entity's standard fields for the settings screen; the responsible user is chosen from `staff`. */
export function standardFields(
  entity: CrmEntity,
  lang: Language,
  staff: { id: string; name: string }[] | null,
): CrmField[] {
  return STANDARD[entity].map((field) => ({
    id: field.key,
    name: field.label[lang],
    type: field.type,
    options: field.type === 'user' && staff ? staff.map((user) => ({ id: user.id, value: user.name })) : null,
  }));
}

export interface AmoUser {
  id: number;
  name: string;
}

type StandardValue = { value: string | number } | { error: string };

/**
 * The value the dialogue gave, as amoCRM takes it: a non-empty name; a budget as a whole
 * non-negative number (spaces and a currency sign allowed: «4 200 ₽»); the responsible user by
 * name or id among the account's users.
 */
export async function standardValue(
  field: StandardField,
  raw: string,
  users: () => Promise<AmoUser[]>,
): Promise<StandardValue> {
  const text = raw.trim();
  const label = field.label.en;
  if (field.type === 'text') {
    return text ? { value: text.slice(0, 255) } : { error: `«${label}» needs a value` };
  }
  if (field.type === 'price') {
    const number = text.replace(/[\s\u00a0₽$€₸]|руб\.?|rub/gi, '');
    if (!/^\d+$/.test(number) || Number(number) > MAX_PRICE) {
      return { error: `«${label}» takes a whole number of money, not «${text}»` };
    }
    return { value: Number(number) };
  }
  const all = await users();
  const wanted = text.toLowerCase();
  const found = all.find((user) => String(user.id) === text || user.name.trim().toLowerCase() === wanted);
  return found
    ? { value: found.id }
    : { error: `no user «${text}»; users: ${all.map((user) => user.name).join(', ')}` };
}
