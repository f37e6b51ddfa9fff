import type { ServerResponse } from 'node:http';
import type { AmoField, AmoFieldValue, AmoValue } from './amocrm-data';

/**
 * The fake amoCRM's wire conventions (reference/crm.md §1.3, §1.6): answers are
 * `application/hal+json`, 204 with no body when nothing is found, errors `application/problem+json`,
 * validation failures 400 with the `validation-errors` (hyphen) key; and the custom-field value
 * rules shared by leads, contacts and companies.
 */

/** What a route answers; `send` picks the content type from the status. */
export interface Reply {
  status: number;
  body?: unknown;
}

/** What a route reads: the query and the parsed JSON body (null when there is none). */
export interface Ctx {
  params: URLSearchParams;
  body: unknown;
}

/** A route of the API: method, path pattern, and the handler given the pattern's groups. */
export type Route = [method: string, pattern: RegExp, run: (match: string[], ctx: Ctx) => Reply];

export interface FieldError {
  code: string;
  path: string;
  detail: string;
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
export const noContent: Reply = { status: 204 };

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
};

export const problem = (status: number, detail: string): Reply => ({
  status,
  body: { title: TITLES[status] ?? 'Error', type: `https://httpstatus.es/${status}`, status, detail },
});

export const UNAUTHORIZED = problem(401, 'Неверный логин или пароль');

/** 400 with one entry per refused item of the request (`request_id` is its index). */
export const validationFailed = (items: { request_id: string; errors: FieldError[] }[]): Reply => ({
  status: 400,
  body: {
    'validation-errors': items,
    title: 'Bad Request',
    type: 'https://httpstatus.es/400',
    status: 400,
    detail: 'Request validation failed',
  },
});

export const notAChoice = (path: string): FieldError => ({
  code: 'NotSupportedChoice',
  path,
  detail: 'The value you selected is not a valid choice.',
});
export const wrongType = (path: string, type: string): FieldError => ({
  code: 'InvalidType',
  path,
  detail: `This value should be of type ${type}.`,
});
export const blank = (path: string): FieldError => ({
  code: 'NotBlank',
  path,
  detail: 'This value should not be blank.',
});

export function send(response: ServerResponse, reply: Reply): void {
  if (reply.status === 204 || reply.body === undefined) {
    response.writeHead(reply.status).end();
    return;
  }
  const type = reply.status >= 400 ? 'application/problem+json' : 'application/hal+json';
  response.writeHead(reply.status, { 'content-type': type });
  response.end(JSON.stringify(reply.body));
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/** A JSON number or a numeric string as an integer (salesbot ids come either way), else null. */
export const intOf = (value: unknown): number | null => {
  if (isInt(value)) return value;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;
};

const escapeRegExp = (text: string) => text.replace(/[[\]\\^$.*+?(){}|]/g, '\\$&');

/** `name`, `name[]` and `name[N]` query values, as PHP reads them; comma lists split. */
export function listParam(params: URLSearchParams, name: string): string[] {
  const out: string[] = [];
  for (const [key, value] of params) {
    if (key === name || key === `${name}[]` || new RegExp(`^${escapeRegExp(name)}\\[\\d+\\]$`).test(key)) {
      out.push(...value.split(',').filter(Boolean));
    }
  }
  return out;
}

/** `with=a,b` as a set. */
export const withOf = (params: URLSearchParams) => new Set(listParam(params, 'with'));

/** One page of a list (`page` from 1, `limit` up to `max`), or a 400 for a bad page or limit. */
export function pageOf<T>(
  items: T[],
  params: URLSearchParams,
  max: number,
): { items: T[]; page: number; next: boolean } | Reply {
  const page = params.has('page') ? intOf(params.get('page')) : 1;
  const limit = params.has('limit') ? intOf(params.get('limit')) : Math.min(50, max);
  const errors: FieldError[] = [];
  if (page === null || page < 1) errors.push(wrongType('page', 'int'));
  if (limit === null || limit < 1 || limit > max)
    errors.push({ ...notAChoice('limit'), code: 'LessThanOrEqual' });
  if (page === null || limit === null || errors.length > 0)
    return validationFailed([{ request_id: '0', errors }]);
  return {
    items: items.slice((page - 1) * limit, page * limit),
    page,
    next: items.length > page * limit,
  };
}

/** A page of a list (`_page`, `_links` with `next`, `_embedded[key]`), or 204 when it is empty. */
export function listed<T>(
  base: string,
  key: string,
  path: string,
  all: T[],
  params: URLSearchParams,
  max: number,
  map: (item: T) => unknown,
): Reply {
  const paged = pageOf(all, params, max);
  if ('status' in paged) return paged;
  if (paged.items.length === 0) return noContent;
  return ok({
    _total_items: all.length,
    _page: paged.page,
    _links: {
      self: { href: `${base}${path}` },
      ...(paged.next ? { next: { href: `${base}${path}?page=${paged.page + 1}` } } : {}),
    },
    _embedded: { [key]: paged.items.map(map) },
  });
}

const STRING_TYPES = new Set(['text', 'textarea', 'url', 'streetaddress', 'tracking_data']);
const NUMBER_TYPES = new Set(['numeric', 'price', 'monetary']);
const DATE_TYPES = new Set(['date', 'date_time', 'birthday']);
const ONE_CHOICE = new Set(['select', 'radiobutton', 'category']);
const NUMBER = /^-?\d+(\.\d+)?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Checks `custom_fields_values` of one item against the entity's fields and answers the values
 * merged into `current` by field (an entry with `values: null` or `[]` clears its field), or the
 * errors with their paths (`custom_fields_values.0.field_id`, `….values.0.value`).
 */
export function mergeFieldValues(
  fields: AmoField[],
  current: AmoFieldValue[] | null,
  input: unknown,
): { merged: AmoFieldValue[] | null; errors: FieldError[] } {
  if (input === null) return { merged: null, errors: [] };
  if (!Array.isArray(input)) return { merged: current, errors: [wrongType('custom_fields_values', 'array')] };
  const errors: FieldError[] = [];
  const merged = new Map((current ?? []).map((one) => [one.field_id, one]));
  for (const [index, entry] of input.entries()) {
    const read = readEntry(fields, entry, `custom_fields_values.${index}`);
    if (Array.isArray(read)) errors.push(...read);
    else if ('clear' in read) merged.delete(read.clear);
    else merged.set(read.field_id, read);
  }
  return { merged: merged.size === 0 ? null : [...merged.values()], errors };
}

/** One entry of `custom_fields_values`: the field's new value, `{clear}` for no values, or errors. */
function readEntry(
  fields: AmoField[],
  entry: unknown,
  at: string,
): AmoFieldValue | { clear: number } | FieldError[] {
  if (!isRecord(entry)) return [wrongType(at, 'array')];
  const field =
    entry.field_id !== undefined
      ? fields.find((one) => one.id === entry.field_id)
      : fields.find((one) => one.code !== null && one.code === entry.field_code);
  if (!field) return [notAChoice(entry.field_id === undefined ? `${at}.field_code` : `${at}.field_id`)];
  if (entry.values === null || (Array.isArray(entry.values) && entry.values.length === 0)) {
    return { clear: field.id };
  }
  if (!Array.isArray(entry.values)) return [wrongType(`${at}.values`, 'array')];
  if (ONE_CHOICE.has(field.type) && entry.values.length > 1) {
    return [{ code: 'Count', path: `${at}.values`, detail: 'This collection should contain 1 element.' }];
  }
  const read = entry.values.map((raw: unknown, slot) => readValue(field, raw, `${at}.values.${slot}`));
  const errors = read.filter((one): one is FieldError => 'path' in one);
  if (errors.length > 0) return errors;
  return {
    field_id: field.id,
    field_name: field.name,
    field_code: field.code,
    field_type: field.type,
    values: read as AmoValue[],
  };
}

/** One value of a field, normalised as GET answers it, or what is wrong with it. */
function readValue(field: AmoField, raw: unknown, at: string): AmoValue | FieldError {
  if (!isRecord(raw)) return wrongType(at, 'array');
  const { value } = raw;
  const enums = field.enums ?? [];
  if (STRING_TYPES.has(field.type) || NUMBER_TYPES.has(field.type)) {
    if (typeof value !== 'string') return wrongType(`${at}.value`, 'string');
    if (NUMBER_TYPES.has(field.type) && !NUMBER.test(value.trim())) {
      return { code: 'InvalidNumber', path: `${at}.value`, detail: 'This value is not a valid number.' };
    }
    return { value };
  }
  if (field.type === 'checkbox')
    return typeof value === 'boolean' ? { value } : wrongType(`${at}.value`, 'bool');
  if (DATE_TYPES.has(field.type)) {
    if (isInt(value)) return { value };
    if (typeof value === 'string' && RFC3339.test(value))
      return { value: Math.floor(Date.parse(value) / 1000) };
    return wrongType(`${at}.value`, 'int');
  }
  if (ONE_CHOICE.has(field.type) || field.type === 'multiselect') {
    const choice =
      raw.enum_id !== undefined
        ? enums.find((one) => one.id === raw.enum_id)
        : raw.enum_code !== undefined
          ? undefined
          : enums.find((one) => one.value === value);
    if (!choice) {
      const key = raw.enum_id !== undefined ? 'enum_id' : raw.enum_code !== undefined ? 'enum_code' : 'value';
      return notAChoice(`${at}.${key}`);
    }
    return { value: choice.value, enum_id: choice.id };
  }
  if (field.type === 'multitext') {
    if (typeof value !== 'string') return wrongType(`${at}.value`, 'string');
    if (value.trim() === '') return blank(`${at}.value`);
    const byCode =
      typeof raw.enum_code === 'string' ? enums.find((one) => one.value === raw.enum_code) : undefined;
    const byId = raw.enum_id !== undefined ? enums.find((one) => one.id === raw.enum_id) : undefined;
    if (raw.enum_code !== undefined && !byCode) return notAChoice(`${at}.enum_code`);
    if (raw.enum_id !== undefined && !byId) return notAChoice(`${at}.enum_id`);
    const kind = byId ?? byCode ?? enums[0];
    return kind ? { value, enum_id: kind.id, enum_code: kind.value } : { value };
  }
  // Other types (smart_address, items, file, …) are stored as given.
  return value === undefined ? blank(`${at}.value`) : { value: value as AmoValue['value'] };
}
