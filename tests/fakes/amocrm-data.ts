import { randomUUID } from 'node:crypto';

/**
 * The fake amoCRM's account data (reference/crm.md §1.4–1.9): its entities in their API v4 wire
 * shapes, and the seed every fresh account starts with. Pipelines keep their `_links`; the other
 * entities get theirs when an answer is rendered.
 */

export interface AmoStatus {
  id: number;
  name: string;
  sort: number;
  is_editable: boolean;
  pipeline_id: number;
  color: string;
  /** 1 = unsorted ("Неразобранное"), 0 = normal. */
  type: 0 | 1;
  account_id: number;
  _links: { self: { href: string } };
}

export interface AmoPipeline {
  id: number;
  name: string;
  sort: number;
  is_main: boolean;
  is_unsorted_on: boolean;
  is_archive: boolean;
  account_id: number;
  _links: { self: { href: string } };
  _embedded: { statuses: AmoStatus[] };
}

export interface AmoEnum {
  id: number;
  value: string;
  sort: number;
}

export type AmoFieldEntity = 'leads' | 'contacts' | 'companies';

export interface AmoField {
  id: number;
  name: string;
  code: string | null;
  sort: number;
  type: string;
  entity_type: AmoFieldEntity;
  is_api_only: boolean;
  enums: AmoEnum[] | null;
  required_statuses: { status_id: number; pipeline_id: number }[];
}

/** One stored value of a custom field, as GET answers it. */
export interface AmoValue {
  value: string | number | boolean;
  enum_id?: number;
  enum_code?: string;
}

export interface AmoFieldValue {
  field_id: number;
  field_name: string;
  field_code: string | null;
  field_type: string;
  values: AmoValue[];
}

interface AmoEntity {
  id: number;
  name: string;
  responsible_user_id: number;
  group_id: number;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
  custom_fields_values: AmoFieldValue[] | null;
  account_id: number;
}

export interface AmoLead extends AmoEntity {
  price: number;
  status_id: number;
  pipeline_id: number;
  closed_at: number | null;
  loss_reason_id: number | null;
  is_deleted: boolean;
  _embedded: {
    tags: { id: number; name: string }[];
    contacts: { id: number; is_main: boolean }[];
    companies: { id: number }[];
  };
}

export interface AmoContact extends AmoEntity {
  first_name: string;
  last_name: string;
  _embedded: { tags: { id: number; name: string }[]; companies: { id: number }[] };
}

export interface AmoCompany extends AmoEntity {
  _embedded: { tags: { id: number; name: string }[] };
}

export interface AmoTask {
  id: number;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
  responsible_user_id: number;
  group_id: number;
  entity_id: number | null;
  entity_type: string | null;
  duration: number;
  is_completed: boolean;
  task_type_id: number;
  text: string;
  result: { text?: string } | [];
  complete_till: number;
  account_id: number;
}

export interface AmoNote {
  id: number;
  entity_id: number;
  entity_type: AmoFieldEntity;
  note_type: string;
  params: Record<string, unknown>;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
  responsible_user_id: number;
  group_id: number;
  account_id: number;
}

export interface AmoUser {
  id: number;
  name: string;
  email: string;
  lang: string;
  /** The user's id in the chat service (`with=amojo_id`), the author id of their chat messages. */
  amojo_id: string;
  uuid: string;
  rights: Record<string, unknown> & { is_admin: boolean; is_free: boolean; is_active: boolean };
}

export interface AmoTaskType {
  id: number;
  name: string;
  color: string | null;
  icon_id: number | null;
  code: string | null;
}

/** Custom field types of the v4 API (reference §1.6). */
export const FIELD_TYPES = new Set([
  'text',
  'numeric',
  'checkbox',
  'select',
  'multiselect',
  'date',
  'url',
  'textarea',
  'radiobutton',
  'streetaddress',
  'smart_address',
  'birthday',
  'legal_entity',
  'date_time',
  'price',
  'category',
  'items',
  'tracking_data',
  'linked_entity',
  'chained_list',
  'monetary',
  'file',
  'payer',
  'supplier',
  'multitext',
]);

/** Documented `settings` of `POST /api/v4/webhooks`, plus the assumed `add_message` (UNVERIFIED). */
export const WEBHOOK_SETTINGS = new Set([
  ...['add', 'update', 'delete', 'restore', 'responsible'].flatMap((action) =>
    ['lead', 'contact', 'company', 'customer', 'task'].map((entity) => `${action}_${entity}`),
  ),
  'add_talk',
  'update_talk',
  'status_lead',
  ...['lead', 'contact', 'company', 'customer'].map((entity) => `note_${entity}`),
  'add_chat_template_review',
  'add_message',
]);

/** `POST /api/v4/{entity}/{id}/notes` note types. */
export const NOTE_TYPES = new Set([
  'common',
  'call_in',
  'call_out',
  'service_message',
  'extended_service_message',
  'message_cashier',
  'geolocation',
  'sms_in',
  'sms_out',
  'attachment',
]);

export const SEED_IDS = {
  lead: 28455849,
  contact: 93589657,
  company: 53000001,
  task: 4745251,
  note: 7100001,
};
export const WON = 142;
export const LOST = 143;

const ALL = { view: 'A', edit: 'A', add: 'A', delete: 'A', export: 'A' };

export function seedPipelines(accountId: number, base: string): AmoPipeline[] {
  const pipeline = (
    id: number,
    name: string,
    sort: number,
    statuses: [number, string, string, 0 | 1][],
  ): AmoPipeline => ({
    id,
    name,
    sort,
    is_main: sort === 1,
    is_unsorted_on: true,
    is_archive: false,
    account_id: accountId,
    _links: { self: { href: `${base}/api/v4/leads/pipelines/${id}` } },
    _embedded: {
      statuses: statuses.map(([statusId, statusName, color, type], index) => ({
        id: statusId,
        name: statusName,
        sort: statusId === WON ? 10000 : statusId === LOST ? 11000 : (index + 1) * 10,
        is_editable: type === 0 && statusId !== WON && statusId !== LOST,
        pipeline_id: id,
        color,
        type,
        account_id: accountId,
        _links: { self: { href: `${base}/api/v4/leads/pipelines/${id}/statuses/${statusId}` } },
      })),
    },
  });
  const closed: [number, string, string, 0][] = [
    [WON, 'Успешно реализовано', '#CCFF66', 0],
    [LOST, 'Закрыто и не реализовано', '#D5D8DB', 0],
  ];
  return [
    pipeline(3177727, 'Воронка', 1, [
      [32392156, 'Неразобранное', '#c1c1c1', 1],
      [32392159, 'Первичный контакт', '#99ccff', 0],
      [32392162, 'Записан', '#fffeb2', 0],
      ...closed,
    ]),
    pipeline(3177730, 'Повторные продажи', 2, [
      [32392170, 'Новый запрос', '#99ccff', 0],
      [32392173, 'Перезвонить', '#ffdc7f', 0],
      ...closed,
    ]),
  ];
}

export function seedFields(): Record<AmoFieldEntity, AmoField[]> {
  const field = (
    entity_type: AmoFieldEntity,
    id: number,
    name: string,
    type: string,
    sort: number,
    code: string | null = null,
    enums: AmoEnum[] | null = null,
  ): AmoField => ({
    id,
    name,
    code,
    sort,
    type,
    entity_type,
    is_api_only: false,
    enums,
    required_statuses: [],
  });
  const enums = (first: number, values: string[]) =>
    values.map((value, index) => ({ id: first + index, value, sort: (index + 1) * 10 }));
  return {
    leads: [
      field('leads', 501, 'Город', 'text', 10),
      field('leads', 502, 'Бюджет клиента', 'numeric', 20),
      field('leads', 503, 'Услуга', 'select', 30, null, enums(6001, ['Стрижка', 'Окрашивание'])),
      field('leads', 504, 'Дата визита', 'date', 40),
    ],
    contacts: [
      field(
        'contacts',
        601,
        'Телефон',
        'multitext',
        10,
        'PHONE',
        enums(6101, ['WORK', 'WORKDD', 'MOB', 'FAX', 'HOME', 'OTHER']),
      ),
      field('contacts', 602, 'Email', 'multitext', 20, 'EMAIL', enums(6111, ['WORK', 'PRIV', 'OTHER'])),
      field('contacts', 603, 'Должность', 'text', 30),
    ],
    companies: [field('companies', 701, 'ИНН', 'text', 10)],
  };
}

export function seedUsers(): AmoUser[] {
  const user = (id: number, name: string, email: string, is_admin: boolean, is_active: boolean): AmoUser => ({
    id,
    name,
    email,
    lang: 'ru',
    amojo_id: randomUUID(),
    uuid: randomUUID(),
    rights: {
      leads: ALL,
      contacts: ALL,
      companies: ALL,
      tasks: { edit: 'A', delete: 'A' },
      mail_access: true,
      catalog_access: true,
      files_access: true,
      status_rights: [],
      is_admin,
      is_free: false,
      is_active,
      group_id: null,
      role_id: null,
    },
  });
  return [
    user(11001, 'Анна Менеджер', 'anna@demo.ru', false, true),
    user(11002, 'Олег Администратор', 'oleg@demo.ru', true, true),
    user(11003, 'Мария Уволенная', 'maria@demo.ru', false, false),
  ];
}

export function seedTaskTypes(): AmoTaskType[] {
  return [
    { id: 1, name: 'Связаться', color: null, icon_id: null, code: 'FOLLOW_UP' },
    { id: 2, name: 'Встреча', color: null, icon_id: null, code: 'MEETING' },
    { id: 3, name: 'Написать клиенту', color: '#99ccff', icon_id: 5, code: null },
  ];
}
