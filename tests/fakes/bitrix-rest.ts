import { type BitrixWorld, FIELD_META } from './bitrix-data';

/**
 * The REST methods of the fake portal (reference/crm.md §2.4, §2.6) and what each refuses, as
 * Bitrix24 does: a deal, contact or company that does not exist; a stage outside the deal's pipeline
 * in `crm.deal.update` (the funnel changes only through `crm.item.update`); unknown UF_CRM fields are
 * silently ignored; a task without TITLE or with a responsible who is not an active employee; a bot
 * registered twice under one code or without its message handler or name; a message to an unknown
 * bot or dialog; `user.get` without the right (403 ACCESS_DENIED when forbidden).
 */

type Params = Record<string, unknown>;
export type Outcome =
  | { result: unknown; total?: number }
  | { error: string; description: string; status?: number };

const refuse = (error: string, description: string, status = 400): Outcome => ({
  error,
  description,
  status,
});
const ok = (result: unknown, total?: number): Outcome => ({
  result,
  ...(total !== undefined ? { total } : {}),
});

const record = (value: unknown): Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};

/** Writes the fields the entity knows; unknown ones are ignored, as Bitrix24 does. */
function known(entity: 'deal' | 'contact' | 'company', fields: Params): Params {
  return Object.fromEntries(
    Object.entries(fields).filter(([key]) => key in FIELD_META[entity] && key !== 'ID'),
  );
}

function moveDeal(world: BitrixWorld, id: number, fields: Params): Outcome {
  const deal = world.deals.get(id);
  if (!deal) return refuse('', 'Not found');
  const changes = known('deal', fields);
  if ('CATEGORY_ID' in changes && String(changes.CATEGORY_ID) !== deal.CATEGORY_ID) {
    return refuse('', 'Changing the funnel is not possible here: use crm.item.update');
  }
  if ('STAGE_ID' in changes) {
    const entity = deal.CATEGORY_ID === '0' ? 'DEAL_STAGE' : `DEAL_STAGE_${deal.CATEGORY_ID}`;
    if (!world.stages.some((stage) => stage.ENTITY_ID === entity && stage.STATUS_ID === changes.STAGE_ID)) {
      return refuse('', 'Stage not found in category');
    }
  }
  Object.assign(deal, changes);
  world.dealHistory.push({ id, fields: changes });
  return ok(true);
}

const updater =
  (entity: 'contact' | 'company') =>
  (world: BitrixWorld, params: Params): Outcome => {
    const rows = entity === 'contact' ? world.contacts : world.companies;
    const row = rows.get(Number(params.id));
    if (!row) return refuse('', 'Not found');
    Object.assign(row, known(entity, record(params.fields)));
    return ok(true);
  };

const getter =
  (entity: 'contact' | 'company') =>
  (world: BitrixWorld, params: Params): Outcome => {
    const row = (entity === 'contact' ? world.contacts : world.companies).get(Number(params.id));
    return row ? ok(row) : refuse('', 'Not found');
  };

const activeUser = (world: BitrixWorld, id: unknown) =>
  world.users.some((user) => user.ID === String(id) && user.ACTIVE);

export const restMethods: Record<string, (world: BitrixWorld, params: Params) => Outcome> = {
  'crm.category.list': (world, params) =>
    Number(params.entityTypeId) === 2
      ? ok({ categories: world.categories })
      : refuse('', 'entityTypeId is not supported'),
  'crm.status.list': (world, params) => {
    const entity = record(params.filter).ENTITY_ID;
    const items = world.stages.filter((stage) => !entity || stage.ENTITY_ID === entity);
    return ok(items, items.length);
  },
  'crm.deal.get': (world, params) => {
    const deal = world.deals.get(Number(params.id));
    return deal ? ok(deal) : refuse('', 'Not found');
  },
  'crm.deal.add': (world, params) => {
    const fields = record(params.fields);
    if (typeof fields.TITLE !== 'string' || !fields.TITLE) return refuse('', 'TITLE is required');
    const deal = world.addDeal({ ...known('deal', fields), CONTACT_ID: null });
    return ok(Number(deal.ID));
  },
  'crm.deal.update': (world, params) => moveDeal(world, Number(params.id), record(params.fields)),
  'crm.item.update': (world, params) => {
    if (Number(params.entityTypeId) !== 2) return refuse('', 'entityTypeId is not supported');
    const deal = world.deals.get(Number(params.id));
    if (!deal) return refuse('NOT_FOUND', 'Element not found');
    const fields = record(params.fields);
    const category = fields.categoryId === undefined ? deal.CATEGORY_ID : String(fields.categoryId);
    const entity = category === '0' ? 'DEAL_STAGE' : `DEAL_STAGE_${category}`;
    if (!world.categories.some((one) => String(one.id) === category)) return refuse('', 'Category not found');
    if (
      fields.stageId !== undefined &&
      !world.stages.some((stage) => stage.ENTITY_ID === entity && stage.STATUS_ID === fields.stageId)
    ) {
      return refuse('', 'Stage not found in category');
    }
    deal.CATEGORY_ID = category;
    if (fields.stageId !== undefined) deal.STAGE_ID = String(fields.stageId);
    world.dealHistory.push({
      id: Number(params.id),
      fields: { CATEGORY_ID: category, STAGE_ID: deal.STAGE_ID },
    });
    return ok({ item: { id: Number(deal.ID), categoryId: Number(category), stageId: deal.STAGE_ID } });
  },
  'crm.deal.fields': () => ok(FIELD_META.deal),
  'crm.contact.fields': () => ok(FIELD_META.contact),
  'crm.company.fields': () => ok(FIELD_META.company),
  'crm.contact.get': getter('contact'),
  'crm.company.get': getter('company'),
  'crm.contact.update': updater('contact'),
  'crm.company.update': updater('company'),
  'crm.timeline.comment.add': (world, params) => {
    const fields = record(params.fields);
    if (fields.ENTITY_TYPE !== 'deal' || !world.deals.has(Number(fields.ENTITY_ID)))
      return refuse('', 'Entity not found');
    if (typeof fields.COMMENT !== 'string' || !fields.COMMENT) return refuse('', 'COMMENT is required');
    const id = world.nextId();
    world.timelineComments.push({ ID: id, ...fields });
    return ok(id);
  },
  'tasks.task.add': (world, params) => {
    const fields = record(params.fields);
    if (typeof fields.TITLE !== 'string' || !fields.TITLE.trim()) return refuse('', 'TITLE: required field');
    if (!activeUser(world, fields.RESPONSIBLE_ID))
      return refuse('', 'RESPONSIBLE_ID: user not found or inactive');
    if (fields.DEADLINE !== undefined && Number.isNaN(Date.parse(String(fields.DEADLINE)))) {
      return refuse('', 'DEADLINE: wrong date');
    }
    const id = String(world.nextId());
    const task = {
      id,
      title: fields.TITLE,
      description: fields.DESCRIPTION ?? '',
      responsibleId: String(fields.RESPONSIBLE_ID),
      deadline: fields.DEADLINE ? new Date(String(fields.DEADLINE)).toISOString() : null,
      ufCrmTask: Array.isArray(fields.UF_CRM_TASK) ? fields.UF_CRM_TASK : [],
    };
    world.tasks.push(task);
    return ok({ task });
  },
  'tasks.task.list': (world, params) => {
    const binding = record(params.filter).UF_CRM_TASK;
    const tasks = world.tasks.filter(
      (task) => !binding || (task.ufCrmTask as string[]).includes(String(binding)),
    );
    return ok({ tasks }, tasks.length);
  },
  'user.get': (world, params) => {
    if (world.usersForbidden) return refuse('ACCESS_DENIED', 'Access denied', 403);
    const filter = record(params.FILTER ?? params.filter);
    const users = world.users.filter(
      (user) => filter.ACTIVE === undefined || user.ACTIVE === Boolean(filter.ACTIVE),
    );
    return ok(users, users.length);
  },
  'imbot.register': (world, params) => {
    const properties = record(params.PROPERTIES);
    if (typeof params.CODE !== 'string' || !params.CODE) return refuse('CODE_ERROR', 'Bot code is required');
    if ([...world.bots.values()].some((bot) => bot.CODE === params.CODE)) {
      return refuse('CODE_ERROR', 'Bot with this code already registered');
    }
    if (typeof params.EVENT_MESSAGE_ADD !== 'string' || !params.EVENT_MESSAGE_ADD) {
      return refuse('EVENT_MESSAGE_ADD_ERROR', 'Handler for "Message add" event is not specified');
    }
    if (typeof properties.NAME !== 'string' || !properties.NAME)
      return refuse('NAME_ERROR', 'Bot name is not specified');
    const id = world.nextId();
    world.bots.set(id, {
      ID: id,
      CODE: params.CODE,
      TYPE: String(params.TYPE ?? 'B'),
      EVENT_MESSAGE_ADD: params.EVENT_MESSAGE_ADD,
      NAME: properties.NAME,
    });
    return ok(id);
  },
  'imbot.unregister': (world, params) =>
    world.bots.delete(Number(params.BOT_ID)) ? ok(true) : refuse('BOT_ID_ERROR', 'Bot not found'),
  'imbot.bot.list': (world) =>
    ok(
      Object.fromEntries(
        [...world.bots.values()].map((bot) => [bot.ID, { ID: bot.ID, CODE: bot.CODE, NAME: bot.NAME }]),
      ),
    ),
  'imbot.message.add': (world, params) => {
    if (!world.bots.has(Number(params.BOT_ID))) return refuse('BOT_ID_ERROR', 'Bot not found');
    const chat = /^chat(\d+)$/.exec(String(params.DIALOG_ID ?? ''));
    if (!chat || !world.chats.has(Number(chat[1])))
      return refuse('DIALOG_ID_EMPTY', "Dialog ID can't be empty");
    if (typeof params.MESSAGE !== 'string' || !params.MESSAGE)
      return refuse('MESSAGE_EMPTY', "Message can't be empty");
    world.botMessages.push({
      BOT_ID: Number(params.BOT_ID),
      DIALOG_ID: String(params.DIALOG_ID),
      MESSAGE: params.MESSAGE,
    });
    return ok(world.nextId());
  },
  'imopenlines.bot.session.operator': (world, params) => {
    const chat = world.chats.get(Number(params.CHAT_ID));
    if (!chat) return refuse('CHAT_ID', 'Chat not found');
    chat.operatorOnly = true;
    world.operatorTransfers.push({ CHAT_ID: Number(params.CHAT_ID) });
    return ok(true);
  },
  'event.bind': (world, params) => {
    const event = String(params.event ?? '').toUpperCase();
    const handler = String(params.handler ?? '');
    if (!event || !/^https?:\/\//.test(handler))
      return refuse('ERROR_EVENT_NOT_FOUND', 'Event or handler is missing');
    if (world.events.some((one) => one.event === event && one.handler === handler)) {
      return refuse('ERROR_EVENT_ALREADY_BOUND', 'Handler already binded');
    }
    world.events.push({ event, handler });
    return ok(true);
  },
  'event.get': (world) => ok(world.events),
};
