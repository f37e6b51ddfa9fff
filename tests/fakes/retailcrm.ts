import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { sendJson, serveFake } from './serve';

/**
 * A fake RetailCRM account with its chat gateway (reference/crm.md §3). Wire rules it enforces:
 * - API v5 under `/api/v5/`: the key in `X-API-KEY` (or `?apiKey=`); none is 403 `"apiKey" is
 *   missing.`, another 403 `Wrong "apiKey" value.`. Answers `{success: true, …}`; refusals
 *   `{success: false, errorMsg, errors?}`. Writes are POSTs of form fields carrying JSON: a JSON body,
 *   or a missing field, is 400 `Parameter '…' is missing`. `setRateLimited(n)` answers the next n
 *   calls 503. Unknown paths 404.
 * - `integration-modules/{code}/edit` takes `integrationModule` whose code is the path's, with
 *   name, baseUrl and clientId; with `integrations.mgBot` it answers `info.mgBot {endpointUrl, token}`.
 *   `lowBalance` answers 402 as RetailCRM does when the account cannot pay for the module.
 * - Orders: `orders/create` (site must be a known one), `orders/{id}` and `orders/{id}/edit` with
 *   `by=id`; a status that does not exist, or a custom field the order does not have, is 400 with
 *   `errors` and changes nothing. An order without a customer gets a new one, as RetailCRM does.
 *   `customers/{id}/edit`, `customers/notes/create`. `tasks/create` needs text, an active
 *   performerId, `datetime` as `Y-m-d H:i` and an existing order; `tasks` filters by text and
 *   performers. `users` (filter[active]) is 403 `Access denied.` with `usersForbidden`.
 * - The chat gateway under `/mg/api/bot/v1/`: the bot token in `X-Bot-Token` (else 401
 *   `{errors}`); `POST /messages` into a chat that exists (else 404), answering `{message_id, time}`
 *   and echoing the bot's message as a `message_new` frame from a bot, as the gateway does;
 *   `PATCH /dialogs/{id}/unassign`. Each registration of the module issues a new bot token and
 *   ends the streams of the old one. Events go over the WebSocket `/mg/api/bot/v1/ws?events=…`, which
 *   refuses an upgrade without the token (401) and sends only the events asked for.
 */

export interface FakeRetailOptions {
  apiKey?: string;
  /** The module's secret in the marketplace: the register token is the key's HMAC under it. */
  secret?: string;
  usersForbidden?: boolean;
  lowBalance?: boolean;
}

type Json = Record<string, unknown>;
export interface RetailOrder extends Json {
  id: number;
  status: string;
  site: string;
  managerId: number | null;
  customer: { id: number };
  customFields: Json;
}
export interface RetailTask extends Json {
  id: number;
  text: string;
  datetime: string;
  performerId: number;
  order: { id: number };
}

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refuse = (response: ServerResponse, status: number, errorMsg: string, errors?: Json) =>
  sendJson(response, status, { success: false, errorMsg, ...(errors ? { errors } : {}) });

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

export type FakeRetail = Awaited<ReturnType<typeof startFakeRetail>>;

export async function startFakeRetail(options: FakeRetailOptions = {}) {
  const apiKey = options.apiKey ?? `rc-${randomBytes(12).toString('hex')}`;
  const secret = options.secret ?? `module-secret-${randomBytes(8).toString('hex')}`;
  let botToken = `mg-${randomBytes(16).toString('hex')}`;
  const sites = { 'shop-main': { code: 'shop-main', name: 'Интернет-магазин', active: true } };
  const statusGroups = {
    new: { code: 'new', name: 'Новый', active: true, ordering: 10 },
    approval: { code: 'approval', name: 'Согласование', active: true, ordering: 20 },
  };
  const statuses = {
    new: { code: 'new', name: 'Новый', active: true, ordering: 10, group: 'new' },
    'client-confirmed': {
      code: 'client-confirmed',
      name: 'Записан',
      active: true,
      ordering: 20,
      group: 'approval',
    },
    'availability-confirmed': {
      code: 'availability-confirmed',
      name: 'Наличие подтверждено',
      active: true,
      ordering: 30,
      group: 'approval',
    },
    archived: { code: 'archived', name: 'Архив', active: false, ordering: 99, group: 'approval' },
  };
  const customFields = [
    { code: 'visit_date', name: 'Дата визита', type: 'date', entity: 'order' },
    { code: 'service', name: 'Услуга', type: 'dictionary', entity: 'order', dictionary: 'services' },
    { code: 'vip', name: 'VIP', type: 'boolean', entity: 'customer' },
  ];
  const dictionaries = [
    {
      code: 'services',
      name: 'Услуги',
      elements: [
        { code: 'haircut', name: 'Стрижка', ordering: 1 },
        { code: 'coloring', name: 'Окрашивание', ordering: 2 },
      ],
    },
  ];
  const users = [
    {
      id: 7,
      firstName: 'Ольга',
      lastName: 'Менеджер',
      email: 'olga@shop.test',
      active: true,
      isManager: true,
    },
    { id: 8, firstName: 'Пётр', lastName: 'Уволен', email: 'petr@shop.test', active: false, isManager: true },
  ];
  const orders = new Map<number, RetailOrder>();
  const customers = new Map<number, Json & { id: number }>();
  const tasks = new Map<number, RetailTask>();
  const notes: { id: number; text: string; customer: { id: number } }[] = [];
  const chats = new Map<number, { id: number; dialogId: number; customer: Json }>();
  const sent: { chat_id: number; content: string; message_id: number }[] = [];
  const unassigned: number[] = [];
  const modules = new Map<string, Json>();
  let nextId = 100;
  let rateLimited = 0;
  let writes = 0;
  const sockets = new Set<{ socket: WebSocket; events: Set<string> }>();

  function emit(type: string, data: Json) {
    const frame = JSON.stringify({ type, meta: { timestamp: Math.floor(Date.now() / 1000) }, data });
    for (const held of sockets) if (held.events.has(type)) held.socket.send(frame);
  }

  function apiKeyOf(request: IncomingMessage, url: URL): string | null {
    const header = request.headers['x-api-key'];
    return (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apiKey');
  }

  /** A form field carrying JSON; null after answering 400. */
  function jsonField(
    request: IncomingMessage,
    body: string,
    response: ServerResponse,
    name: string,
  ): Json | null {
    const form = (request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')
      ? new URLSearchParams(body)
      : new URLSearchParams();
    const raw = form.get(name);
    if (!raw) {
      refuse(response, 400, `Parameter '${name}' is missing`);
      return null;
    }
    try {
      const value = JSON.parse(raw);
      if (isRecord(value)) return value;
    } catch {}
    refuse(response, 400, 'Errors in the entity format', { [name]: 'Not a JSON object' });
    return null;
  }

  const formOf = (body: string) => new URLSearchParams(body);

  function customFieldErrors(entity: 'order' | 'customer', values: unknown): Json | null {
    if (values === undefined) return null;
    if (!isRecord(values)) return { customFields: 'Not an object' };
    for (const [code, value] of Object.entries(values)) {
      const field = customFields.find((item) => item.code === code && item.entity === entity);
      if (!field) return { [`customFields[${code}]`]: 'This field does not exist' };
      if (field.type === 'date' && !(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)))
        return { [`customFields[${code}]`]: 'This value is not a valid date' };
      if (field.type === 'boolean' && typeof value !== 'boolean')
        return { [`customFields[${code}]`]: 'This value should be of type bool' };
      if (field.dictionary) {
        const codes = dictionaries
          .find((item) => item.code === field.dictionary)
          ?.elements.map((e) => e.code);
        if (!codes?.includes(String(value)))
          return { [`customFields[${code}]`]: 'The value you selected is not a valid choice' };
      }
    }
    return null;
  }

  function api(request: IncomingMessage, url: URL, body: string, response: ServerResponse) {
    const given = apiKeyOf(request, url);
    if (!given) return refuse(response, 403, '"apiKey" is missing.');
    if (given !== apiKey) return refuse(response, 403, 'Wrong "apiKey" value.');
    if (rateLimited > 0) {
      rateLimited--;
      return refuse(response, 503, 'Service Unavailable');
    }
    const path = url.pathname.slice('/api/v5/'.length);
    const get = request.method === 'GET';
    const post = request.method === 'POST';
    if (post) writes++;
    if (get && path === 'reference/sites') return sendJson(response, 200, { success: true, sites });
    if (get && path === 'reference/status-groups')
      return sendJson(response, 200, { success: true, statusGroups });
    if (get && path === 'reference/statuses') return sendJson(response, 200, { success: true, statuses });
    if (get && path === 'custom-fields') {
      const entity = url.searchParams.get('filter[entity]');
      const list = customFields.filter((field) => !entity || field.entity === entity);
      return sendJson(response, 200, { success: true, customFields: list });
    }
    if (get && path === 'custom-fields/dictionaries')
      return sendJson(response, 200, { success: true, customDictionaries: dictionaries });
    if (get && path === 'users') {
      if (options.usersForbidden) return refuse(response, 403, 'Access denied.');
      const active = url.searchParams.get('filter[active]');
      const list = users.filter((user) => active === null || user.active === (active === '1'));
      return sendJson(response, 200, { success: true, users: list });
    }
    const moduleEdit = /^integration-modules\/([^/]+)\/edit$/.exec(path);
    if (post && moduleEdit) {
      const module = jsonField(request, body, response, 'integrationModule');
      if (!module) return;
      const code = decodeURIComponent(moduleEdit[1] ?? '');
      const missing = ['code', 'name', 'baseUrl', 'clientId'].filter(
        (name) => typeof module[name] !== 'string',
      );
      if (module.code !== code || missing.length)
        return refuse(response, 400, 'Errors in the entity format', {
          integrationModule: missing.length ? `missing ${missing.join(', ')}` : 'code does not match',
        });
      if (options.lowBalance) return refuse(response, 402, 'Недостаточно средств на балансе RetailCRM');
      modules.set(code, module);
      const wantsBot = isRecord(module.integrations) && 'mgBot' in module.integrations;
      if (wantsBot) {
        // The module's bot gets a new token: the previous one (and its streams) stop working.
        botToken = `mg-${randomBytes(16).toString('hex')}`;
        for (const held of sockets) held.socket.terminate();
      }
      return sendJson(response, 200, {
        success: true,
        info: wantsBot ? { mgBot: { endpointUrl: `${fake.url}/mg`, token: botToken } } : {},
      });
    }
    if (post && path === 'orders/create') {
      const order = jsonField(request, body, response, 'order');
      if (!order) return;
      const site = formOf(body).get('site') ?? 'shop-main';
      if (!(site in sites)) return refuse(response, 400, 'Site is not found');
      const customerId = nextId++;
      customers.set(customerId, {
        id: customerId,
        firstName: order.firstName ?? '',
        phones: order.phone ? [{ number: order.phone }] : [],
        customFields: {},
      });
      const id = nextId++;
      orders.set(id, {
        ...order,
        id,
        number: `${id}A`,
        site,
        status: 'new',
        managerId: null,
        customer: { id: customerId },
        customFields: {},
      });
      return sendJson(response, 201, { success: true, id, order: orders.get(id) });
    }
    const orderPath = /^orders\/(\d+)(\/edit)?$/.exec(path);
    if (orderPath) {
      const order = orders.get(Number(orderPath[1]));
      const by = get ? url.searchParams.get('by') : formOf(body).get('by');
      if (by !== 'id') return refuse(response, 404, 'Not found');
      if (!order) return refuse(response, 404, 'Not found');
      if (get && !orderPath[2]) return sendJson(response, 200, { success: true, order });
      if (!post || !orderPath[2]) return refuse(response, 405, 'Method not allowed');
      const change = jsonField(request, body, response, 'order');
      if (!change) return;
      if (change.status !== undefined && !(String(change.status) in statuses))
        return refuse(response, 400, 'Errors in the entity format', { status: 'Status is not found' });
      const fieldErrors = customFieldErrors('order', change.customFields);
      if (fieldErrors) return refuse(response, 400, 'Errors in the entity format', fieldErrors);
      const { customFields: changedFields, ...rest } = change;
      Object.assign(order, rest, {
        customFields: { ...order.customFields, ...(isRecord(changedFields) ? changedFields : {}) },
      });
      return sendJson(response, 200, { success: true, id: order.id });
    }
    const customerEdit = /^customers\/(\d+)\/edit$/.exec(path);
    if (post && customerEdit) {
      const customer = customers.get(Number(customerEdit[1]));
      if (formOf(body).get('by') !== 'id' || !customer) return refuse(response, 404, 'Not found');
      const change = jsonField(request, body, response, 'customer');
      if (!change) return;
      const fieldErrors = customFieldErrors('customer', change.customFields);
      if (fieldErrors) return refuse(response, 400, 'Errors in the entity format', fieldErrors);
      const { customFields: changedFields, ...rest } = change;
      Object.assign(customer, rest, {
        customFields: {
          ...(customer.customFields as Json),
          ...(isRecord(changedFields) ? changedFields : {}),
        },
      });
      return sendJson(response, 200, { success: true, id: customer.id });
    }
    if (post && path === 'customers/notes/create') {
      const note = jsonField(request, body, response, 'note');
      if (!note) return;
      const customerId = isRecord(note.customer) ? Number(note.customer.id) : Number.NaN;
      if (typeof note.text !== 'string' || !note.text || !customers.has(customerId))
        return refuse(response, 400, 'Errors in the entity format', {
          note: 'text and customer are required',
        });
      const id = nextId++;
      notes.push({ id, text: note.text, customer: { id: customerId } });
      return sendJson(response, 201, { success: true, id });
    }
    if (post && path === 'tasks/create') {
      const task = jsonField(request, body, response, 'task');
      if (!task) return;
      const performer = users.find((user) => user.id === task.performerId && user.active);
      const orderId = isRecord(task.order) ? Number(task.order.id) : Number.NaN;
      const errors: Json = {};
      if (typeof task.text !== 'string' || !task.text) errors.text = 'This value should not be blank.';
      if (!performer) errors.performerId = 'Performer is not found or not active';
      if (typeof task.datetime !== 'string' || !DATETIME.test(task.datetime))
        errors.datetime = 'This value is not a valid datetime (Y-m-d H:i)';
      if (!orders.has(orderId)) errors.order = 'Order is not found';
      if (Object.keys(errors).length) return refuse(response, 400, 'Errors in the entity format', errors);
      const id = nextId++;
      tasks.set(id, {
        id,
        text: String(task.text),
        commentary: task.commentary ?? '',
        datetime: String(task.datetime),
        performerId: Number(task.performerId),
        order: { id: orderId },
      });
      return sendJson(response, 201, { success: true, id });
    }
    if (get && path === 'tasks') {
      const text = url.searchParams.get('filter[text]');
      const performers = url.searchParams.getAll('filter[performers][]').map(Number);
      const list = [...tasks.values()].filter(
        (task) =>
          (text === null || task.text.includes(text)) &&
          (performers.length === 0 || performers.includes(task.performerId)),
      );
      return sendJson(response, 200, { success: true, tasks: list });
    }
    return refuse(response, 404, 'API method not found');
  }

  function mg(request: IncomingMessage, url: URL, body: string, response: ServerResponse) {
    if (request.headers['x-bot-token'] !== botToken)
      return sendJson(response, 401, { errors: ['Invalid token'] });
    const path = url.pathname.slice('/mg/api/bot/v1'.length);
    let json: Json = {};
    try {
      json = body ? JSON.parse(body) : {};
    } catch {
      return sendJson(response, 400, { errors: ['Invalid JSON'] });
    }
    if (request.method === 'POST' && path === '/messages') {
      const chat = chats.get(Number(json.chat_id));
      if (!chat) return sendJson(response, 404, { errors: ['Chat not found'] });
      if (
        json.type !== 'text' ||
        typeof json.content !== 'string' ||
        !json.content ||
        json.content.length > 4096
      )
        return sendJson(response, 400, { errors: ['content: invalid'] });
      if (json.scope !== 'public' && json.scope !== 'private')
        return sendJson(response, 400, { errors: ['scope: invalid'] });
      const message_id = nextId++;
      sent.push({ chat_id: chat.id, content: json.content, message_id });
      emit('message_new', {
        message: {
          id: message_id,
          chat_id: chat.id,
          type: 'text',
          scope: json.scope,
          content: json.content,
          from: { id: 1, type: 'bot', name: 'onchat' },
          dialog: { id: chat.dialogId },
        },
      });
      return sendJson(response, 200, { message_id, time: new Date().toISOString() });
    }
    const unassign = /^\/dialogs\/(\d+)\/unassign$/.exec(path);
    if (request.method === 'PATCH' && unassign) {
      const dialogId = Number(unassign[1]);
      if (![...chats.values()].some((chat) => chat.dialogId === dialogId))
        return sendJson(response, 404, { errors: ['Dialog not found'] });
      unassigned.push(dialogId);
      return sendJson(response, 200, { previous_responsible: { type: 'bot' } });
    }
    return sendJson(response, 404, { errors: ['Not found'] });
  }

  const fake = await serveFake((request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/api/v5/')) return api(request, url, body, response);
    if (url.pathname.startsWith('/mg/api/bot/v1/')) return mg(request, url, body, response);
    return sendJson(response, 404, { success: false, errorMsg: 'Not found' });
  });

  const wss = new WebSocketServer({ noServer: true });
  fake.server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname !== '/mg/api/bot/v1/ws' || request.headers['x-bot-token'] !== botToken) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const events = new Set((url.searchParams.get('events') ?? '').split(',').filter(Boolean));
    wss.handleUpgrade(request, socket, head, (ws) => {
      const held = { socket: ws, events };
      sockets.add(held);
      ws.on('close', () => sockets.delete(held));
    });
  });

  /** A message in a chat (made on first use) as the gateway streams it. */
  function write(chatId: number, from: Json, content: string, scope = 'public') {
    let chat = chats.get(chatId);
    if (!chat) {
      chat = {
        id: chatId,
        dialogId: chatId * 10,
        customer: { name: 'Анна Смирнова', phone: '+79990001122' },
      };
      chats.set(chatId, chat);
    }
    const id = nextId++;
    emit('message_new', {
      message: {
        id,
        chat_id: chatId,
        type: 'text',
        scope,
        content,
        from,
        chat: { id: chatId, customer: chat.customer },
        dialog: { id: chat.dialogId },
      },
    });
    return id;
  }

  return {
    url: fake.url,
    apiKey,
    secret,
    get botToken() {
      return botToken;
    },
    orders,
    customers,
    tasks,
    notes,
    sent,
    unassigned,
    modules,
    get writes() {
      return writes;
    },
    /** Streams open now. */
    get streams() {
      return sockets.size;
    },
    /** The register token RetailCRM computes for a key: HMAC-SHA256(key, the module's secret). */
    tokenFor: (key = apiKey, under = secret) => createHmac('sha256', under).update(key).digest('hex'),
    setRateLimited(calls: number) {
      rateLimited = calls;
    },
    customerWrites: (chatId: number, content: string) =>
      write(chatId, { id: 501, type: 'customer', name: 'Анна Смирнова' }, content),
    managerWrites: (chatId: number, content: string, scope = 'public') =>
      write(chatId, { id: 7, type: 'user', name: 'Ольга Менеджер' }, content, scope),
    /** Drops every stream, as a gateway restart does. */
    dropStreams() {
      for (const held of sockets) held.socket.terminate();
    },
    close: async () => {
      for (const held of sockets) held.socket.terminate();
      wss.close();
      await fake.close();
    },
  };
}
