/**
 * What the fake Bitrix24 portal holds (bitrix.ts): deal pipelines (categories) and their stages,
 * deals, contacts, companies, field metadata, tasks, timeline comments, employees, registered
 * chat bots and what they sent, Open Lines chats, bound events.
 */

export interface BitrixStage {
  ID: string;
  ENTITY_ID: string;
  STATUS_ID: string;
  NAME: string;
  SORT: string;
  COLOR: string;
  CATEGORY_ID: string | null;
  SEMANTICS: string | null;
}

export interface BitrixDealRow {
  ID: string;
  TITLE: string;
  STAGE_ID: string;
  CATEGORY_ID: string;
  ASSIGNED_BY_ID: string;
  CONTACT_ID: string | null;
  COMPANY_ID: string | null;
  [field: string]: unknown;
}

export interface BitrixBot {
  ID: number;
  CODE: string;
  TYPE: string;
  EVENT_MESSAGE_ADD: string;
  NAME: string;
}

export interface BitrixFieldMeta {
  type: string;
  isRequired: boolean;
  isReadOnly: boolean;
  isMultiple: boolean;
  title: string;
  formLabel?: string;
  items?: { ID: string; VALUE: string }[];
}

export interface OpenLineChat {
  dealId: number | null;
  customerName: string;
  externalUser: string;
  /** Handed to an operator: the bot gets nothing more from it. */
  operatorOnly: boolean;
}

const field = (type: string, title: string, extra: Partial<BitrixFieldMeta> = {}): BitrixFieldMeta => ({
  type,
  isRequired: false,
  isReadOnly: false,
  isMultiple: false,
  title,
  formLabel: title,
  ...extra,
});

export const SERVICE_FIELD = 'UF_CRM_1700000000001';
export const VISIT_FIELD = 'UF_CRM_1700000000002';

export const FIELD_META: Record<'deal' | 'contact' | 'company', Record<string, BitrixFieldMeta>> = {
  deal: {
    ID: field('integer', 'ID', { isReadOnly: true }),
    TITLE: field('string', 'Название'),
    STAGE_ID: field('crm_status', 'Стадия'),
    CATEGORY_ID: field('crm_category', 'Воронка'),
    ASSIGNED_BY_ID: field('user', 'Ответственный'),
    OPPORTUNITY: field('double', 'Сумма'),
    COMMENTS: field('string', 'Комментарий'),
    [SERVICE_FIELD]: field('enumeration', 'Услуга', {
      items: [
        { ID: '45', VALUE: 'Стрижка' },
        { ID: '46', VALUE: 'Окрашивание' },
      ],
    }),
    [VISIT_FIELD]: field('date', 'Дата визита'),
  },
  contact: {
    ID: field('integer', 'ID', { isReadOnly: true }),
    NAME: field('string', 'Имя'),
    LAST_NAME: field('string', 'Фамилия'),
    PHONE: field('crm_multifield', 'Телефон', { isMultiple: true }),
    UF_CRM_1700000000100: field('string', 'Любимый мастер'),
  },
  company: {
    ID: field('integer', 'ID', { isReadOnly: true }),
    TITLE: field('string', 'Название компании'),
    UF_CRM_1700000000200: field('string', 'ИНН'),
  },
};

const stage = (
  entity: string,
  id: string,
  name: string,
  sort: number,
  category: string | null,
): BitrixStage => ({
  ID: String(100 + sort),
  ENTITY_ID: entity,
  STATUS_ID: id,
  NAME: name,
  SORT: String(sort),
  COLOR: '#39A8EF',
  CATEGORY_ID: category,
  SEMANTICS: null,
});

export type BitrixWorld = ReturnType<typeof createBitrixWorld>;

export function createBitrixWorld(now: () => number) {
  let id = 100;
  const nextId = () => ++id;
  const categories = [
    { id: 0, name: 'Общая', sort: 100, isDefault: 'Y' },
    { id: 1, name: 'Записи', sort: 200, isDefault: 'N' },
  ];
  const stages: BitrixStage[] = [
    stage('DEAL_STAGE', 'NEW', 'Новая', 10, null),
    stage('DEAL_STAGE', 'PREPARATION', 'Подготовка', 20, null),
    stage('DEAL_STAGE', 'WON', 'Успешно', 30, null),
    stage('DEAL_STAGE', 'LOSE', 'Провал', 40, null),
    stage('DEAL_STAGE_1', 'C1:NEW', 'Новая запись', 50, '1'),
    stage('DEAL_STAGE_1', 'C1:BOOKED', 'Записан', 60, '1'),
    stage('DEAL_STAGE_1', 'C1:WON', 'Пришёл', 70, '1'),
  ];
  const deals = new Map<number, BitrixDealRow>();
  const contacts = new Map<number, Record<string, unknown>>();
  const companies = new Map<number, Record<string, unknown>>();
  const chats = new Map<number, OpenLineChat>();
  const users = [
    {
      ID: '1',
      NAME: 'Анна',
      LAST_NAME: 'Админ',
      EMAIL: 'anna@salon.ru',
      ACTIVE: true,
      USER_TYPE: 'employee',
    },
    {
      ID: '7',
      NAME: 'Олег',
      LAST_NAME: 'Менеджер',
      EMAIL: 'oleg@salon.ru',
      ACTIVE: true,
      USER_TYPE: 'employee',
    },
    {
      ID: '9',
      NAME: 'Уволенный',
      LAST_NAME: '',
      EMAIL: 'old@salon.ru',
      ACTIVE: false,
      USER_TYPE: 'employee',
    },
  ];
  const collections = {
    categories,
    stages,
    deals,
    dealHistory: [] as { id: number; fields: Record<string, unknown> }[],
    contacts,
    companies,
    tasks: [] as Record<string, unknown>[],
    timelineComments: [] as Record<string, unknown>[],
    users,
    bots: new Map<number, BitrixBot>(),
    botMessages: [] as { BOT_ID: number; DIALOG_ID: string; MESSAGE: string }[],
    operatorTransfers: [] as { CHAT_ID: number }[],
    chats,
    events: [] as { event: string; handler: string }[],
  };

  function addDeal(partial: Partial<BitrixDealRow> = {}): BitrixDealRow {
    const dealId = nextId();
    const contactId = nextId();
    contacts.set(contactId, { ID: String(contactId), NAME: 'Клиент', LAST_NAME: '', PHONE: [] });
    const deal: BitrixDealRow = {
      ID: String(dealId),
      TITLE: `Сделка #${dealId}`,
      STAGE_ID: 'NEW',
      CATEGORY_ID: '0',
      ASSIGNED_BY_ID: '7',
      CONTACT_ID: String(contactId),
      COMPANY_ID: null,
      OPPORTUNITY: 0,
      ...partial,
    };
    deals.set(dealId, deal);
    return deal;
  }

  function addOpenLineChat(options: { customerName?: string; dealId?: number | null } = {}) {
    const chatId = nextId();
    chats.set(chatId, {
      dealId: options.dealId ?? null,
      customerName: options.customerName ?? 'Ирина',
      externalUser: String(900000 + chatId),
      operatorOnly: false,
    });
    return { chatId, dialogId: `chat${chatId}` };
  }

  return {
    now,
    nextId,
    collections,
    ...collections,
    addDeal,
    addOpenLineChat,
    usersForbidden: false,
    /** Redelivery of a sent event by its message id. */
    sent: new Map<number, () => Promise<number[]>>(),
  };
}
