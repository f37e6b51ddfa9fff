import type { AmoFieldEntity, AmoLead, AmoTask, AmoUser } from './amocrm-data';
import { WEBHOOK_SETTINGS } from './amocrm-data';
import { ADMIN, type AmoSalesbotRun, type AmoState, type AmoWebhook, type Entity } from './amocrm-state';
import {
  blank,
  type FieldError,
  intOf,
  isInt,
  isRecord,
  listed,
  listParam,
  noContent,
  notAChoice,
  ok,
  problem,
  type Reply,
  type Route,
  validationFailed,
  withOf,
  wrongType,
} from './amocrm-wire';

/**
 * The fake amoCRM's account-level API (reference/crm.md §1.4, §1.8, §1.9, §1.12, §1.14): the account
 * (`with=amojo_id,task_types,users_groups`), pipelines, tasks (create and list), users (403 without
 * admin rights), webhook subscriptions, and the legacy Salesbot run.
 */

type Json = Record<string, unknown>;

/** The code of the field a reply Salesbot sends (`{{lead.cf.<id>}}`). */
export const REPLY_FIELD_CODE = 'ONCHAT_REPLY';

const TASK_ENTITIES = new Set(['leads', 'contacts', 'companies', 'customers']);
const FORBIDDEN = 'Не хватает прав для вызова данного метода';
const MAX_BOT_RUNS = 100;

export interface AmoApiControls {
  usersForbidden: () => boolean;
  salesbots: Set<number>;
  /** Destinations switched off after too many failed deliveries. */
  disabledHooks: Set<string>;
  /** A bot that ran sends `text` into the lead's chat. */
  botReplied: (lead: AmoLead, text: string) => void;
}

export function accountRoutes(state: AmoState, controls: AmoApiControls): Route[] {
  const { links } = state;

  function account(params: URLSearchParams): Reply {
    const wanted = withOf(params);
    const kommo = state.host === 'kommo';
    const embedded: Json = {};
    if (wanted.has('task_types')) embedded.task_types = state.taskTypes;
    if (wanted.has('users_groups')) embedded.users_groups = [{ id: 0, name: 'Отдел продаж', uuid: null }];
    return ok({
      id: state.accountId,
      name: state.accountName,
      subdomain: state.subdomain,
      created_at: state.createdAt,
      created_by: ADMIN,
      updated_at: state.createdAt,
      updated_by: ADMIN,
      current_user_id: ADMIN,
      country: kommo ? 'US' : 'RU',
      currency: kommo ? 'USD' : 'RUB',
      currency_symbol: kommo ? '$' : '₽',
      customers_mode: 'disabled',
      is_unsorted_on: true,
      is_loss_reason_enabled: false,
      is_helpbot_enabled: false,
      is_technical_account: false,
      contact_name_display_order: 1,
      ...(wanted.has('amojo_id') ? { amojo_id: state.amojoId } : {}),
      _links: links('/api/v4/account'),
      ...(Object.keys(embedded).length > 0 ? { _embedded: embedded } : {}),
    });
  }

  function renderUser(user: AmoUser, wanted: Set<string>): Json {
    const { amojo_id, uuid, ...rest } = user;
    const grouped = wanted.has('role') || wanted.has('group');
    return {
      ...rest,
      ...(wanted.has('amojo_id') ? { amojo_id } : {}),
      ...(wanted.has('uuid') ? { uuid } : {}),
      _links: links(`/api/v4/users/${user.id}`),
      ...(grouped ? { _embedded: { roles: [], groups: [{ id: 0, name: 'Отдел продаж' }] } } : {}),
    };
  }

  function checkTask(item: unknown): FieldError[] {
    if (!isRecord(item)) return [wrongType('', 'object')];
    const errors: FieldError[] = [];
    if (item.text === undefined || item.text === '') errors.push(blank('text'));
    else if (typeof item.text !== 'string') errors.push(wrongType('text', 'string'));
    if (item.complete_till === undefined) errors.push(blank('complete_till'));
    else if (!isInt(item.complete_till)) errors.push(wrongType('complete_till', 'int'));
    if (item.task_type_id !== undefined && !state.taskTypes.some((one) => one.id === item.task_type_id)) {
      errors.push(notAChoice('task_type_id'));
    }
    if (
      item.responsible_user_id !== undefined &&
      !state.users.some((one) => one.id === item.responsible_user_id)
    ) {
      errors.push(notAChoice('responsible_user_id'));
    }
    if (item.entity_type !== undefined || item.entity_id !== undefined) {
      const type = item.entity_type;
      if (typeof type !== 'string' || !TASK_ENTITIES.has(type)) errors.push(notAChoice('entity_type'));
      else if (!isInt(item.entity_id)) errors.push(wrongType('entity_id', 'int'));
      else if (type !== 'customers' && !state.stores[type as AmoFieldEntity].has(item.entity_id)) {
        errors.push(notAChoice('entity_id'));
      }
    }
    if (item.duration !== undefined && !(isInt(item.duration) && item.duration >= 0)) {
      errors.push(wrongType('duration', 'int'));
    }
    if (item.is_completed !== undefined && typeof item.is_completed !== 'boolean') {
      errors.push(wrongType('is_completed', 'bool'));
    }
    return errors;
  }

  /** `POST /api/v4/tasks` (an array): 200 with `_embedded.tasks[{id, request_id}]`. */
  function addTasks(body: unknown): Reply {
    if (!Array.isArray(body) || body.length === 0) {
      return validationFailed([{ request_id: '0', errors: [wrongType('', 'array')] }]);
    }
    const failed = body
      .map((item: unknown, index) => ({ request_id: String(index), errors: checkTask(item) }))
      .filter((item) => item.errors.length > 0);
    if (failed.length > 0) return validationFailed(failed);
    const created = (body as Json[]).map((item, index) => {
      const at = state.seconds();
      const task: AmoTask = {
        id: state.ids.task++,
        created_by: ADMIN,
        updated_by: ADMIN,
        created_at: at,
        updated_at: at,
        responsible_user_id: (item.responsible_user_id as number | undefined) ?? ADMIN,
        group_id: 0,
        entity_id: (item.entity_id as number | undefined) ?? null,
        entity_type: (item.entity_type as string | undefined) ?? null,
        duration: (item.duration as number | undefined) ?? 0,
        is_completed: item.is_completed === true,
        task_type_id: (item.task_type_id as number | undefined) ?? 1,
        text: item.text as string,
        result: [],
        complete_till: item.complete_till as number,
        account_id: state.accountId,
      };
      state.tasks.push(task);
      const requestId = typeof item.request_id === 'string' ? item.request_id : String(index);
      return { id: task.id, request_id: requestId, _links: links(`/api/v4/tasks/${task.id}`) };
    });
    return ok({ _links: links('/api/v4/tasks'), _embedded: { tasks: created } });
  }

  /** `GET /api/v4/tasks` with `filter[entity_type]`, `filter[entity_id][]` (needs the type), …; 204 when none. */
  function listTasks(params: URLSearchParams): Reply {
    const entityType = params.get('filter[entity_type]');
    const entityIds = listParam(params, 'filter[entity_id]').map(Number);
    if (entityIds.length > 0 && !entityType) {
      return validationFailed([{ request_id: '0', errors: [blank('filter.entity_type')] }]);
    }
    const responsible = listParam(params, 'filter[responsible_user_id]').map(Number);
    const types = listParam(params, 'filter[task_type]').map(Number);
    const completed = params.get('filter[is_completed]');
    const found = state.tasks.filter(
      (task) =>
        (!entityType || task.entity_type === entityType) &&
        (entityIds.length === 0 || entityIds.includes(task.entity_id ?? -1)) &&
        (responsible.length === 0 || responsible.includes(task.responsible_user_id)) &&
        (types.length === 0 || types.includes(task.task_type_id)) &&
        (completed === null || task.is_completed === (completed === '1' || completed === 'true')),
    );
    return listed(state.base, 'tasks', '/api/v4/tasks', found, params, 250, (task) => ({
      ...task,
      _links: links(`/api/v4/tasks/${task.id}`),
    }));
  }

  const renderHook = (hook: AmoWebhook) => ({
    ...hook,
    disabled: hook.disabled || controls.disabledHooks.has(hook.destination),
  });

  const isUrl = (value: unknown) => {
    try {
      return typeof value === 'string' && /^https?:$/.test(new URL(value).protocol);
    } catch {
      return false;
    }
  };

  /** `POST /api/v4/webhooks`: 201; the same destination again is updated with the new settings. */
  function subscribe(body: unknown): Reply {
    const item = isRecord(body) ? body : {};
    const errors: FieldError[] = [];
    if (!isUrl(item.destination)) {
      errors.push({ code: 'InvalidUrl', path: 'destination', detail: 'This value is not a valid URL.' });
    }
    if (!Array.isArray(item.settings) || item.settings.length === 0) errors.push(blank('settings'));
    else {
      for (const [index, setting] of item.settings.entries()) {
        if (typeof setting !== 'string' || !WEBHOOK_SETTINGS.has(setting))
          errors.push(notAChoice(`settings.${index}`));
      }
    }
    if (item.sort !== undefined && !isInt(item.sort)) errors.push(wrongType('sort', 'int'));
    if (errors.length > 0) return validationFailed([{ request_id: '0', errors }]);
    const destination = item.destination as string;
    const at = state.seconds();
    let hook = state.webhooks.find((one) => one.destination === destination);
    if (!hook) {
      hook = {
        id: state.ids.webhook++,
        destination,
        settings: [],
        sort: 1,
        disabled: false,
        created_at: at,
        updated_at: at,
        account_id: state.accountId,
        created_by: ADMIN,
      };
      state.webhooks.push(hook);
    }
    hook.settings = [...(item.settings as string[])];
    hook.sort = isInt(item.sort) ? item.sort : hook.sort;
    hook.disabled = false;
    hook.updated_at = at;
    controls.disabledHooks.delete(destination);
    return ok(renderHook(hook), 201);
  }

  function unsubscribe(body: unknown): Reply {
    if (!isRecord(body) || typeof body.destination !== 'string') {
      return validationFailed([{ request_id: '0', errors: [blank('destination')] }]);
    }
    const index = state.webhooks.findIndex((one) => one.destination === body.destination);
    if (index < 0) return problem(404, 'Вебхук не найден');
    state.webhooks.splice(index, 1);
    return noContent;
  }

  /** What the reply bot sends: the entity's ONCHAT_REPLY field, as `{{lead.cf.<id>}}` renders it. */
  function replyTextOf(kind: AmoFieldEntity, entity: Entity): string | null {
    const field = state.customFields[kind].find((one) => one.code === REPLY_FIELD_CODE);
    const value =
      field && entity.custom_fields_values?.find((one) => one.field_id === field.id)?.values[0]?.value;
    return value === undefined || value === '' ? null : String(value);
  }

  /** The run of one task of `POST /api/v2/salesbot/run`, or why it is refused. */
  function readRun(item: unknown): AmoSalesbotRun | string {
    const task = isRecord(item) ? item : {};
    const botId = intOf(task.bot_id);
    const entityType = intOf(task.entity_type);
    const entityId = intOf(task.entity_id);
    if (botId === null || !controls.salesbots.has(botId)) return `Бот ${String(task.bot_id)} не найден`;
    if (entityType !== 1 && entityType !== 2) return 'entity_type: 1 (контакт) или 2 (сделка)';
    const kind = entityType === 2 ? 'leads' : 'contacts';
    const entity = entityId === null ? undefined : state.stores[kind].get(entityId);
    if (!entity) return `Сущность ${String(task.entity_id)} не найдена`;
    return {
      bot_id: botId,
      entity_id: entity.id,
      entity_type: entityType,
      replyText: replyTextOf(kind, entity),
      at: state.now(),
    };
  }

  /** Runs bots for up to 100 leads or contacts; each reply comes back into the chat as the bot's message. */
  function runSalesbots(body: unknown): Reply {
    if (!Array.isArray(body) || body.length === 0)
      return problem(400, 'Передан пустой или некорректный массив задач');
    if (body.length > MAX_BOT_RUNS) return problem(400, `Не более ${MAX_BOT_RUNS} задач за один запрос`);
    const runs: AmoSalesbotRun[] = [];
    for (const item of body as unknown[]) {
      const run = readRun(item);
      if (typeof run === 'string') return problem(400, run);
      runs.push(run);
    }
    state.salesbotRuns.push(...runs);
    for (const run of runs) {
      const lead =
        run.entity_type === 2
          ? state.leads.get(run.entity_id)
          : [...state.leads.values()].find(
              (one) => state.chats.has(one.id) && one._embedded.contacts.some((c) => c.id === run.entity_id),
            );
      if (lead && run.replyText !== null) controls.botReplied(lead, run.replyText);
    }
    return ok(
      runs.map((run) => ({
        entity_type: run.entity_type === 2 ? 'leads' : 'contacts',
        bot_id: run.bot_id,
        status: 'started',
      })),
    );
  }

  const pipelinePath = (id: string | undefined) => state.pipelineOf(Number(id));
  return [
    ['GET', /^\/api\/v4\/account$/, (_, { params }) => account(params)],
    [
      'GET',
      /^\/api\/v4\/leads\/pipelines$/,
      () =>
        ok({
          _total_items: state.pipelines.length,
          _links: links('/api/v4/leads/pipelines'),
          _embedded: { pipelines: state.pipelines },
        }),
    ],
    [
      'GET',
      /^\/api\/v4\/leads\/pipelines\/(\d+)$/,
      ([, id]) => {
        const pipeline = pipelinePath(id);
        return pipeline ? ok(pipeline) : problem(404, 'Воронка не найдена');
      },
    ],
    [
      'GET',
      /^\/api\/v4\/leads\/pipelines\/(\d+)\/statuses$/,
      ([, id]) => {
        const statuses = pipelinePath(id)?._embedded.statuses;
        if (!statuses) return problem(404, 'Воронка не найдена');
        const self = links(`/api/v4/leads/pipelines/${id}/statuses`);
        return ok({ _total_items: statuses.length, _links: self, _embedded: { statuses } });
      },
    ],
    ['GET', /^\/api\/v4\/tasks$/, (_, { params }) => listTasks(params)],
    ['POST', /^\/api\/v4\/tasks$/, (_, { body }) => addTasks(body)],
    [
      'GET',
      /^\/api\/v4\/users$/,
      (_, { params }) => {
        if (controls.usersForbidden()) return problem(403, FORBIDDEN);
        const wanted = withOf(params);
        return listed(state.base, 'users', '/api/v4/users', state.users, params, 250, (user) =>
          renderUser(user, wanted),
        );
      },
    ],
    [
      'GET',
      /^\/api\/v4\/users\/(\d+)$/,
      ([, id], { params }) => {
        if (controls.usersForbidden()) return problem(403, FORBIDDEN);
        const user = state.users.find((one) => one.id === Number(id));
        return user ? ok(renderUser(user, withOf(params))) : noContent;
      },
    ],
    [
      'GET',
      /^\/api\/v4\/webhooks$/,
      (_, { params }) => {
        const destination = params.get('filter[destination]');
        const found = state.webhooks.filter((one) => destination === null || one.destination === destination);
        if (found.length === 0) return noContent;
        const self = links('/api/v4/webhooks');
        return ok({
          _total_items: found.length,
          _links: self,
          _embedded: { webhooks: found.map(renderHook) },
        });
      },
    ],
    ['POST', /^\/api\/v4\/webhooks$/, (_, { body }) => subscribe(body)],
    ['DELETE', /^\/api\/v4\/webhooks$/, (_, { body }) => unsubscribe(body)],
    ['POST', /^\/api\/v2\/salesbot\/run$/, (_, { body }) => runSalesbots(body)],
  ];
}
