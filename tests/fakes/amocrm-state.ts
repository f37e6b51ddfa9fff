import { randomUUID } from 'node:crypto';
import {
  type AmoCompany,
  type AmoContact,
  type AmoFieldEntity,
  type AmoFieldValue,
  type AmoLead,
  type AmoNote,
  type AmoPipeline,
  type AmoTask,
  type AmoTaskType,
  SEED_IDS,
  seedFields,
  seedPipelines,
  seedTaskTypes,
  seedUsers,
} from './amocrm-data';

/**
 * The fake amoCRM account's state: what its API reads and changes, what tests inspect, the clock
 * (Date.now() moved by `advance`), and the entities tests create (`addLead`, `addContact`, …).
 */

export interface AmoWebhook {
  id: number;
  destination: string;
  settings: string[];
  sort: number;
  disabled: boolean;
  created_at: number;
  updated_at: number;
  account_id: number;
  created_by: number;
}

export interface AmoSalesbotRun {
  bot_id: number;
  entity_id: number;
  /** 1 contact, 2 lead. */
  entity_type: 1 | 2;
  /** The `ONCHAT_REPLY` field's value when the bot ran (what it sent), null when empty. */
  replyText: string | null;
  at: number;
}

/** The chat of a lead: one per lead, from its first message. */
export interface AmoChat {
  chatId: string;
  talkId: number;
  contactId: number;
  /** The customer's id in the chat service (`author[id]` of their messages). */
  customerId: string;
  origin: string;
}

export type Entity = AmoLead | AmoContact | AmoCompany;

/** The user the integration's token acts as (the admin who granted access). */
export const ADMIN = 11002;

export interface AmoAccountSettings {
  host: 'amocrm' | 'kommo';
  subdomain: string;
  accountId: number;
  accountName: string;
}

export type AmoState = ReturnType<typeof createAmoState>;

export function createAmoState(settings: AmoAccountSettings) {
  const referer = `${settings.subdomain}.${settings.host === 'kommo' ? 'kommo.com' : 'amocrm.ru'}`;
  const base = `https://${referer}`;
  const clock = { offset: 0 };
  const now = () => Date.now() + clock.offset;
  const seconds = () => Math.floor(now() / 1000);
  const { accountId } = settings;

  const pipelines = seedPipelines(accountId, base);
  const leads = new Map<number, AmoLead>();
  const contacts = new Map<number, AmoContact>();
  const companies = new Map<number, AmoCompany>();
  const stores: Record<AmoFieldEntity, Map<number, Entity>> = { leads, contacts, companies };
  const ids = { ...SEED_IDS, field: 900001, enum: 7001, webhook: 1056949, talk: 100 };

  const stamp = () => {
    const at = seconds();
    return {
      responsible_user_id: ADMIN,
      group_id: 0,
      created_by: ADMIN,
      updated_by: ADMIN,
      created_at: at,
      updated_at: at,
      account_id: accountId,
    };
  };
  const pipelineOf = (id: unknown) => pipelines.find((one) => one.id === id);
  /** Where a lead goes when only its pipeline is named: the first normal status. */
  const firstStatus = (pipeline: AmoPipeline) =>
    pipeline._embedded.statuses.filter((one) => one.type === 0).sort((a, b) => a.sort - b.sort)[0];

  function addContact(input: { name: string; custom_fields_values?: AmoFieldValue[] }): AmoContact {
    const [first = '', ...rest] = input.name.split(' ');
    const contact: AmoContact = {
      id: ids.contact++,
      name: input.name,
      first_name: first,
      last_name: rest.join(' '),
      ...stamp(),
      custom_fields_values: input.custom_fields_values ?? null,
      _embedded: { tags: [], companies: [] },
    };
    contacts.set(contact.id, contact);
    return contact;
  }

  function addCompany(input: { name: string; custom_fields_values?: AmoFieldValue[] }): AmoCompany {
    const company: AmoCompany = {
      id: ids.company++,
      name: input.name,
      ...stamp(),
      custom_fields_values: input.custom_fields_values ?? null,
      _embedded: { tags: [] },
    };
    companies.set(company.id, company);
    return company;
  }

  /** A lead (ids from 28455849), by default in the main pipeline's first normal status. */
  function addLead(
    input: {
      name?: string;
      pipeline_id?: number;
      status_id?: number;
      contactId?: number;
      companyId?: number;
      price?: number;
      custom_fields_values?: AmoFieldValue[];
    } = {},
  ): AmoLead {
    const pipeline = pipelineOf(input.pipeline_id ?? pipelines[0]?.id);
    const status = input.status_id ?? (pipeline && firstStatus(pipeline)?.id);
    if (!pipeline?._embedded.statuses.some((one) => one.id === status)) {
      throw new Error(`no status ${input.status_id} in pipeline ${input.pipeline_id}`);
    }
    const id = ids.lead++;
    const lead: AmoLead = {
      id,
      name: input.name ?? `Сделка #${id}`,
      price: input.price ?? 0,
      ...stamp(),
      status_id: status as number,
      pipeline_id: pipeline.id,
      closed_at: null,
      loss_reason_id: null,
      is_deleted: false,
      custom_fields_values: input.custom_fields_values ?? null,
      _embedded: {
        tags: [],
        contacts: input.contactId ? [{ id: input.contactId, is_main: true }] : [],
        companies: input.companyId ? [{ id: input.companyId }] : [],
      },
    };
    leads.set(id, lead);
    return lead;
  }

  return {
    ...settings,
    referer,
    /** `https://{referer}`: where `_links` point, as on the real account. */
    base,
    links: (path: string) => ({ self: { href: `${base}${path}` } }),
    clock,
    now,
    seconds,
    createdAt: seconds(),
    amojoId: randomUUID(),
    /** The chat-service author id of the Salesbot's messages. */
    botAuthorId: randomUUID(),
    pipelines,
    customFields: seedFields(),
    users: seedUsers(),
    taskTypes: seedTaskTypes() as AmoTaskType[],
    leads,
    contacts,
    companies,
    stores,
    tasks: [] as AmoTask[],
    notes: [] as AmoNote[],
    webhooks: [] as AmoWebhook[],
    salesbotRuns: [] as AmoSalesbotRun[],
    /** Every applied lead update: its id and the update as sent (without `id`). */
    leadHistory: [] as { leadId: number; change: Record<string, unknown> }[],
    chats: new Map<number, AmoChat>(),
    ids,
    stamp,
    pipelineOf,
    firstStatus,
    addLead,
    addContact,
    addCompany,
  };
}
