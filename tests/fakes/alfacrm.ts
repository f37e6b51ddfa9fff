import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, serveFake } from './serve';

/**
 * A fake AlfaCRM account (reference/crm.md §4, checklist "Fake AlfaCRM"). A Yii2 application, so
 * refusals carry Yii's body `{name, message, code, status}`. Wire rules it enforces:
 * - `POST /v2api/auth/login` with JSON `{email, api_key}` answers `{token}`; a wrong pair is 401, a
 *   missing field 400. A token lives 15 minutes on the fake's clock (`advance`), then 401.
 * - Every other call is `POST /v2api/{branch}/{model}/{index|create|update}` with a JSON body and the
 *   token in `X-ALFACRM-TOKEN`: any other method 405; no or a dead token 401; a branch that is not an
 *   active one 404; unknown model or action 404; a body that is no JSON object 400; more than
 *   `rateLimit` calls in a second 429. With `apiForbidden` (the user's role lacks v2api) every CRUD
 *   call is 403 "Access Denied"; with `usersForbidden` only `user/index` is.
 * - `index` takes `page` (from 0) and filters in the body, `per-page` in the query, and answers
 *   `{total, count, page, items}`; `create` answers `{model}`; `update` takes `?id=` and answers
 *   `{model}`. What fails validation answers 200 with a non-empty `errors` and changes nothing.
 * - Customers (a lead has is_study 0) refuse unknown fields, unknown statuses, sources, branches and
 *   users, non-array phones, dates not DD.MM.YYYY. Tasks need text and due_date
 *   (YYYY-MM-DD HH:MM:SS) and take only existing customers and active users. Communications need
 *   `?class=Customer&related_id=` of an existing customer, a known type_id and a comment.
 */

export interface FakeAlfaOptions {
  email?: string;
  apiKey?: string;
  branchId?: number;
  tokenTtlMs?: number;
  apiForbidden?: boolean;
  usersForbidden?: boolean;
  rateLimit?: number;
  customFields?: string[];
}

type Row = Record<string, unknown> & { id: number };
export type AlfaCustomer = Row & { name: string; is_study: number; branch_ids: number[] };
export type AlfaTask = Row & {
  text: string;
  customer_ids: number[];
  assigned_ids: number[];
  due_date: string;
};
export type AlfaCommunication = Row & { class: string; related_id: number; type_id: number; comment: string };

const YII_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
};

const yii = (response: ServerResponse, status: number, message: string) =>
  sendJson(response, status, { name: YII_NAMES[status] ?? 'Error', message, code: 0, status });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringArray = (value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isNumberArray = (value: unknown) =>
  Array.isArray(value) && value.every((item) => Number.isInteger(item));

export type FakeAlfa = Awaited<ReturnType<typeof startFakeAlfa>>;

export async function startFakeAlfa(options: FakeAlfaOptions = {}) {
  const email = options.email ?? 'api@school.ru';
  const apiKey = options.apiKey ?? 'alfa-api-key-1';
  const branchId = options.branchId ?? 1;
  const tokenTtlMs = options.tokenTtlMs ?? 15 * 60_000;
  const customFields = options.customFields ?? ['custom_city', 'custom_age'];
  let offset = 0;
  const now = () => Date.now() + offset;
  const tokens = new Map<string, number>();
  const recent: number[] = [];
  let nextId = 1000;

  const state = {
    apiForbidden: options.apiForbidden ?? false,
    usersForbidden: options.usersForbidden ?? false,
    rateLimit: options.rateLimit ?? 20,
    logins: 0,
    requests: [] as { method: string; path: string; query: string; status: number }[],
    branches: [{ id: 1, name: 'Основной филиал', is_active: 1, weight: 1 }] as Row[],
    leadStatuses: [
      { id: 1, name: 'Новый', is_enabled: 1, weight: 1 },
      { id: 2, name: 'Записан на пробное', is_enabled: 1, weight: 2 },
      { id: 3, name: 'Отказ', is_enabled: 1, weight: 3 },
    ] as Row[],
    leadSources: [
      { id: 1, name: 'Сайт', is_enabled: 1 },
      { id: 2, name: 'Telegram', is_enabled: 1 },
    ] as Row[],
    users: [
      { id: 1, name: 'Администратор', email: 'admin@school.ru', is_active: 1 },
      { id: 2, name: 'Мария Менеджер', email: 'maria@school.ru', is_active: 1 },
      { id: 3, name: 'Уволенный', email: 'old@school.ru', is_active: 0 },
    ] as Row[],
    customers: new Map<number, AlfaCustomer>(),
    tasks: [] as AlfaTask[],
    communications: [] as AlfaCommunication[],
  };

  const exists = (rows: Row[], id: unknown) => rows.some((row) => row.id === id);
  const activeUser = (id: unknown) => state.users.some((user) => user.id === id && user.is_active === 1);

  const CUSTOMER_FIELDS = new Set([
    'name',
    'branch_ids',
    'is_study',
    'lead_status_id',
    'lead_source_id',
    'assigned_id',
    'legal_type',
    'phone',
    'email',
    'web',
    'addr',
    'note',
    'dob',
    ...customFields,
  ]);

  function customerErrors(fields: Record<string, unknown>, creating: boolean): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    for (const key of Object.keys(fields)) if (!CUSTOMER_FIELDS.has(key)) add(key, 'Неизвестное поле');
    if (creating || 'name' in fields) {
      if (typeof fields.name !== 'string' || !fields.name.trim()) add('name', 'Необходимо заполнить «Имя».');
    }
    if ('is_study' in fields && fields.is_study !== 0 && fields.is_study !== 1)
      add('is_study', 'Неверное значение');
    if ('branch_ids' in fields) {
      const ids = fields.branch_ids;
      if (!isNumberArray(ids) || !(ids as number[]).every((id) => exists(state.branches, id))) {
        add('branch_ids', 'Филиал не найден');
      }
    }
    if ('lead_status_id' in fields && !exists(state.leadStatuses, fields.lead_status_id)) {
      add('lead_status_id', 'Значение «Статус лида» неверно.');
    }
    if ('lead_source_id' in fields && !exists(state.leadSources, fields.lead_source_id)) {
      add('lead_source_id', 'Значение «Источник» неверно.');
    }
    if ('assigned_id' in fields && !activeUser(fields.assigned_id))
      add('assigned_id', 'Пользователь не найден');
    for (const key of ['phone', 'email', 'web', 'addr']) {
      if (key in fields && !isStringArray(fields[key])) add(key, 'Значение должно быть массивом строк');
    }
    if ('note' in fields && typeof fields.note !== 'string') add('note', 'Значение должно быть строкой');
    if ('dob' in fields && !(typeof fields.dob === 'string' && /^\d{2}\.\d{2}\.\d{4}$/.test(fields.dob))) {
      add('dob', 'Неверный формат даты');
    }
    return errors;
  }

  function taskErrors(fields: Record<string, unknown>): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    const allowed = new Set([
      'title',
      'text',
      'customer_ids',
      'assigned_ids',
      'due_date',
      'priority',
      'is_done',
    ]);
    for (const key of Object.keys(fields)) if (!allowed.has(key)) errors[key] = ['Неизвестное поле'];
    if (typeof fields.text !== 'string' || !fields.text.trim())
      errors.text = ['Необходимо заполнить «Текст».'];
    if (
      typeof fields.due_date !== 'string' ||
      !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(fields.due_date)
    ) {
      errors.due_date = ['Неверный формат даты'];
    }
    const customers = fields.customer_ids ?? [];
    if (!isNumberArray(customers) || !(customers as number[]).every((id) => state.customers.has(id))) {
      errors.customer_ids = ['Клиент не найден'];
    }
    const assigned = fields.assigned_ids ?? [];
    if (!isNumberArray(assigned) || !(assigned as number[]).every(activeUser)) {
      errors.assigned_ids = ['Пользователь не найден'];
    }
    if ('priority' in fields && ![1, 2, 3].includes(fields.priority as number))
      errors.priority = ['Неверное значение'];
    return errors;
  }

  function page(rows: Row[], body: Record<string, unknown>, query: URLSearchParams) {
    const { page: rawPage, ...filters } = body;
    const pageNumber = Number.isInteger(rawPage) ? (rawPage as number) : 0;
    const perPage = Math.min(Math.max(Number(query.get('per-page') ?? 100) || 100, 1), 500);
    const matching = rows.filter((row) =>
      Object.entries(filters).every(([key, wanted]) => {
        const value = row[key];
        return Array.isArray(value) ? value.includes(wanted) : value === wanted;
      }),
    );
    const items = matching.slice(pageNumber * perPage, (pageNumber + 1) * perPage);
    return { total: matching.length, count: items.length, page: pageNumber, items };
  }

  const MODELS: Record<string, () => Row[]> = {
    branch: () => state.branches,
    'lead-status': () => state.leadStatuses,
    'lead-source': () => state.leadSources,
    user: () => state.users,
    customer: () => [...state.customers.values()],
    task: () => state.tasks,
    communication: () => state.communications,
  };
  const WRITABLE: Record<string, Set<string>> = {
    customer: new Set(['create', 'update']),
    task: new Set(['create']),
    communication: new Set(['create']),
  };

  function addCustomer(partial: Partial<AlfaCustomer> = {}): AlfaCustomer {
    const customer: AlfaCustomer = {
      id: nextId++,
      name: 'Клиент',
      is_study: 0,
      branch_ids: [branchId],
      legal_type: 1,
      lead_status_id: null,
      lead_source_id: null,
      assigned_id: null,
      phone: [],
      email: [],
      web: [],
      addr: [],
      note: '',
      dob: null,
      ...Object.fromEntries(customFields.map((field) => [field, ''])),
      ...partial,
    };
    state.customers.set(customer.id, customer);
    return customer;
  }

  function write(model: string, action: string, body: Record<string, unknown>, query: URLSearchParams) {
    if (model === 'customer' && action === 'create') {
      const errors = customerErrors(body, true);
      if (Object.keys(errors).length > 0) return { status: 200, body: { errors } };
      return {
        status: 200,
        body: { model: addCustomer({ branch_ids: [branchId], ...body } as Partial<AlfaCustomer>) },
      };
    }
    if (model === 'customer' && action === 'update') {
      const id = Number(query.get('id'));
      if (!query.get('id')) return { status: 400, message: 'Отсутствуют обязательные параметры: id' };
      const customer = state.customers.get(id);
      if (!customer) return { status: 404, message: 'Объект не найден' };
      const errors = customerErrors(body, false);
      if (Object.keys(errors).length > 0) return { status: 200, body: { errors } };
      Object.assign(customer, body);
      return { status: 200, body: { model: customer } };
    }
    if (model === 'task') {
      const errors = taskErrors(body);
      if (Object.keys(errors).length > 0) return { status: 200, body: { errors } };
      const task = {
        id: nextId++,
        title: '',
        customer_ids: [],
        assigned_ids: [],
        priority: 1,
        is_done: 0,
        created_at: new Date(now()).toISOString(),
        ...body,
      } as unknown as AlfaTask;
      state.tasks.push(task);
      return { status: 200, body: { model: task } };
    }
    // communication
    if (query.get('class') !== 'Customer' || !query.get('related_id')) {
      return { status: 400, message: 'Отсутствуют обязательные параметры: class, related_id' };
    }
    const relatedId = Number(query.get('related_id'));
    if (!state.customers.has(relatedId)) return { status: 404, message: 'Объект не найден' };
    const errors: Record<string, string[]> = {};
    if (body.type_id !== 1 && body.type_id !== 2) errors.type_id = ['Неверное значение'];
    if (typeof body.comment !== 'string' || !body.comment.trim())
      errors.comment = ['Необходимо заполнить «Комментарий».'];
    if (Object.keys(errors).length > 0) return { status: 200, body: { errors } };
    const note = {
      id: nextId++,
      class: 'Customer',
      related_id: relatedId,
      type_id: body.type_id as number,
      comment: body.comment as string,
      added: new Date(now()).toISOString(),
    };
    state.communications.push(note);
    return { status: 200, body: { model: note } };
  }

  function handle(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const answer = (status: number, body?: unknown, message = '') => {
      state.requests.push({ method: request.method ?? '', path: url.pathname, query: url.search, status });
      if (body === undefined) yii(response, status, message);
      else sendJson(response, status, body);
    };
    if (!url.pathname.startsWith('/v2api/')) return answer(404, undefined, 'Страница не найдена.');
    if (request.method !== 'POST')
      return answer(405, undefined, 'Method Not Allowed. This URL can only handle: POST.');
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return answer(400, undefined, 'Неверный JSON');
    }
    if (!isRecord(body)) return answer(400, undefined, 'Неверный JSON');
    const second = now() - 1000;
    while (recent.length > 0 && (recent[0] ?? 0) <= second) recent.shift();
    if (recent.length >= state.rateLimit) return answer(429, undefined, 'Rate limit exceeded.');
    recent.push(now());

    if (url.pathname === '/v2api/auth/login') {
      if (typeof body.email !== 'string' || typeof body.api_key !== 'string') {
        return answer(400, undefined, 'Отсутствуют обязательные параметры: email, api_key');
      }
      if (body.email !== email || body.api_key !== apiKey)
        return answer(401, undefined, 'Неверный email или API ключ');
      const token = randomBytes(16).toString('hex');
      tokens.set(token, now() + tokenTtlMs);
      state.logins++;
      return answer(200, { token });
    }
    const token = request.headers['x-alfacrm-token'];
    const until = typeof token === 'string' ? tokens.get(token) : undefined;
    if (until === undefined || until <= now()) {
      return answer(401, undefined, 'Your request was made with invalid credentials.');
    }
    const match = /^\/v2api\/(\d+)\/([a-z-]+)\/([a-z]+)$/.exec(url.pathname);
    if (!match) return answer(404, undefined, 'Страница не найдена.');
    const [, branch, model = '', action = ''] = match;
    if (state.apiForbidden || (state.usersForbidden && model === 'user'))
      return answer(403, undefined, 'Access Denied');
    if (!state.branches.some((row) => row.id === Number(branch) && row.is_active === 1)) {
      return answer(404, undefined, 'Филиал не найден');
    }
    const rows = MODELS[model];
    if (!rows) return answer(404, undefined, 'Страница не найдена.');
    if (action === 'index') return answer(200, page(rows(), body, url.searchParams));
    if (!WRITABLE[model]?.has(action)) return answer(404, undefined, 'Страница не найдена.');
    const result = write(model, action, body, url.searchParams);
    return answer(result.status, result.body, result.message);
  }

  const server = await serveFake(handle);
  return {
    ...server,
    email,
    apiKey,
    branchId,
    get logins() {
      return state.logins;
    },
    requests: state.requests,
    branches: state.branches,
    leadStatuses: state.leadStatuses,
    leadSources: state.leadSources,
    users: state.users,
    customers: state.customers,
    tasks: state.tasks,
    communications: state.communications,
    addCustomer,
    /** The role loses (or regains) the v2api module, or just the users list. */
    forbid(what: { api?: boolean; users?: boolean }) {
      if (what.api !== undefined) state.apiForbidden = what.api;
      if (what.users !== undefined) state.usersForbidden = what.users;
    },
    setRateLimit(perSecond: number) {
      state.rateLimit = perSecond;
    },
    advance(ms: number) {
      offset += ms;
    },
    expireTokens() {
      tokens.clear();
    },
  };
}
