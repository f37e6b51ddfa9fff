import type { IncomingHttpHeaders } from 'node:http';
import { type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake DaData suggestions API (`/suggestions/api/4_1/rs/findById/{party,bank}`) speaking the real
 * wire format: `POST` with a JSON `{query, …}` body and `Authorization: Token <key>`; answers
 * `{suggestions: [{value, unrestricted_value, data}]}` from fixtures keyed by query (INN or OGRN for
 * parties, BIK for banks), `{suggestions: []}` for anything unknown. Dates are Unix milliseconds, as
 * DaData sends them. `branch_type: 'MAIN'` filters out branches.
 *
 * Failures: a missing or malformed `Authorization: Token …` header, or another key, answers 401 (what
 * real DaData answers there is unverified); `quotaExceeded = true` answers DaData's documented 403
 * "Feature 'SUGGESTIONS' disabled" body. Every request is recorded in `calls`.
 */

export interface DadataSuggestion {
  value: string;
  unrestricted_value: string;
  data: Record<string, unknown>;
}

export interface FakeDadataCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

export interface FakeDadata extends FakeServer {
  apiKey: string;
  /** The client's `apiRoot`: `{url}/suggestions/api/4_1/rs`. */
  apiRoot: string;
  calls: FakeDadataCall[];
  /** Answer every authorised request with the 403 daily-quota body. */
  quotaExceeded: boolean;
  parties: DadataSuggestion[];
  banks: DadataSuggestion[];
  reset(): void;
}

const ROOT_PATH = '/suggestions/api/4_1/rs';
const ms = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

function address(value: string, postalCode: string, unrestricted = `${postalCode}, ${value}`) {
  return { value, unrestricted_value: unrestricted, data: { postal_code: postalCode, country: 'Россия' } };
}

function state(status: string, registered: string, actual = '2026-11-01') {
  return {
    status,
    code: null,
    actuality_date: ms(actual),
    registration_date: ms(registered),
    liquidation_date: null,
  };
}

function party(
  data: Record<string, unknown> & {
    name: { short_with_opf: string | null; full_with_opf: string; [other: string]: unknown };
  },
): DadataSuggestion {
  const value = data.name.short_with_opf ?? data.name.full_with_opf;
  return { value, unrestricted_value: data.name.full_with_opf, data };
}

/** Sberbank (head office and one branch), a small Cyrillic-named company, a sole proprietor. */
export function defaultParties(): DadataSuggestion[] {
  return [
    party({
      inn: '7707083893',
      kpp: '773601001',
      ogrn: '1027700132195',
      ogrn_date: ms('2002-08-16'),
      type: 'LEGAL',
      name: {
        full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
        short_with_opf: 'ПАО СБЕРБАНК',
        full: 'СБЕРБАНК РОССИИ',
        short: 'СБЕРБАНК',
        latin: 'SBERBANK OF RUSSIA',
      },
      opf: { code: '12247', full: 'Публичное акционерное общество', short: 'ПАО' },
      management: {
        name: 'Греф Герман Оскарович',
        post: 'ПРЕЗИДЕНТ, ПРЕДСЕДАТЕЛЬ ПРАВЛЕНИЯ',
        disqualified: null,
      },
      branch_type: 'MAIN',
      branch_count: 87,
      address: address('г Москва, ул Вавилова, д 19', '117312'),
      state: state('ACTIVE', '1991-06-20'),
      okved: '64.19',
      finance: { tax_system: null },
    }),
    party({
      inn: '7707083893',
      kpp: '784243001',
      ogrn: '1027700132195',
      ogrn_date: ms('2002-08-16'),
      type: 'LEGAL',
      name: {
        full_with_opf: 'СЕВЕРО-ЗАПАДНЫЙ БАНК ПАО СБЕРБАНК',
        short_with_opf: 'СЗБ ПАО СБЕРБАНК',
        full: 'СЕВЕРО-ЗАПАДНЫЙ БАНК ПАО СБЕРБАНК',
        short: 'СЗБ ПАО СБЕРБАНК',
        latin: null,
      },
      opf: { code: '30002', full: 'Филиал юридического лица', short: 'Филиал' },
      management: { name: 'Иванов Иван Петрович', post: 'УПРАВЛЯЮЩИЙ', disqualified: null },
      branch_type: 'BRANCH',
      branch_count: 0,
      address: address('г Санкт-Петербург, ул Красного Текстильщика, д 2', '191124'),
      state: state('ACTIVE', '2002-08-16'),
    }),
    party({
      inn: '7723456782',
      kpp: '772301001',
      ogrn: '1177746001234',
      ogrn_date: ms('2017-02-01'),
      type: 'LEGAL',
      name: {
        full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОМАШКА"',
        short_with_opf: 'ООО "РОМАШКА"',
        full: 'РОМАШКА',
        short: 'РОМАШКА',
        latin: null,
      },
      opf: { code: '12300', full: 'Общество с ограниченной ответственностью', short: 'ООО' },
      management: { name: 'Сидорова Анна Викторовна', post: 'ГЕНЕРАЛЬНЫЙ ДИРЕКТОР', disqualified: null },
      branch_type: 'MAIN',
      branch_count: 0,
      address: address('г Москва, ул Люблинская, д 42, кв 7', '109387'),
      state: state('ACTIVE', '2017-02-01'),
      finance: { tax_system: 'USN' },
    }),
    party({
      inn: '771234567859',
      kpp: null,
      ogrn: '319774600123453',
      ogrn_date: ms('2019-03-12'),
      type: 'INDIVIDUAL',
      name: {
        full_with_opf: 'Индивидуальный предприниматель Ёлкин Пётр Сергеевич',
        short_with_opf: 'ИП Ёлкин Пётр Сергеевич',
        full: 'Ёлкин Пётр Сергеевич',
        short: null,
        latin: null,
      },
      opf: { code: '50102', full: 'Индивидуальный предприниматель', short: 'ИП' },
      fio: { surname: 'Ёлкин', name: 'Пётр', patronymic: 'Сергеевич' },
      management: null,
      branch_type: null,
      address: address('г Москва', '101000', 'г Москва'),
      state: state('ACTIVE', '2019-03-12'),
    }),
  ];
}

function bank(
  data: Record<string, unknown> & { name: { payment: string; [other: string]: unknown } },
): DadataSuggestion {
  return { value: data.name.payment, unrestricted_value: data.name.payment, data };
}

export function defaultBanks(): DadataSuggestion[] {
  return [
    bank({
      bic: '044525225',
      swift: 'SABRRUMM',
      inn: '7707083893',
      kpp: '773643001',
      registration_number: '1481',
      correspondent_account: '30101810400000000225',
      treasury_accounts: null,
      name: { payment: 'ПАО СБЕРБАНК', full: 'ПАО СБЕРБАНК', short: 'ПАО СБЕРБАНК' },
      payment_city: 'г. Москва',
      opf: { type: 'BANK', full: null, short: null },
      address: address('г Москва, ул Вавилова, д 19', '117312'),
      state: state('ACTIVE', '1991-06-20'),
    }),
    bank({
      bic: '044525974',
      swift: 'TICSRUMM',
      inn: '7710140679',
      kpp: '771301001',
      registration_number: '2673',
      correspondent_account: '30101810145250000974',
      treasury_accounts: null,
      name: { payment: 'АО "ТБАНК"', full: 'АКЦИОНЕРНОЕ ОБЩЕСТВО "ТБАНК"', short: 'АО "ТБАНК"' },
      payment_city: 'г. Москва',
      opf: { type: 'BANK', full: null, short: null },
      address: address('г Москва, ул 2-я Хуторская, д 38А, стр 26', '127287'),
      state: state('ACTIVE', '1994-01-28'),
    }),
  ];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function startFakeDadata(
  options: { apiKey?: string; parties?: DadataSuggestion[]; banks?: DadataSuggestion[] } = {},
): Promise<FakeDadata> {
  const apiKey = options.apiKey ?? 'dadata-test-key-0123456789';
  const state = {
    calls: [] as FakeDadataCall[],
    quotaExceeded: false,
    parties: options.parties ?? defaultParties(),
    banks: options.banks ?? defaultBanks(),
  };

  const server = await serveFake((request, raw, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      // keep the raw text
    }
    state.calls.push({ method: request.method ?? '', path, headers: request.headers, body });

    const match = /^Token (\S+)$/.exec(request.headers.authorization ?? '');
    if (!match || match[1] !== apiKey) {
      sendJson(response, 401, {
        family: 'CLIENT_ERROR',
        reason: 'Unauthorized',
        message: 'Authorization header is missing or malformed',
      });
      return;
    }
    if (state.quotaExceeded) {
      sendJson(response, 403, {
        family: 'CLIENT_ERROR',
        reason: 'Forbidden',
        message: `Feature 'SUGGESTIONS' disabled for token '${apiKey}'`,
      });
      return;
    }
    const kind = path.startsWith(`${ROOT_PATH}/findById/`)
      ? path.slice(`${ROOT_PATH}/findById/`.length)
      : null;
    if (kind !== 'party' && kind !== 'bank') {
      sendJson(response, 404, { family: 'CLIENT_ERROR', reason: 'Not Found', message: `No method ${path}` });
      return;
    }
    if (request.method !== 'POST') {
      sendJson(response, 405, { family: 'CLIENT_ERROR', reason: 'Method Not Allowed', message: 'Use POST' });
      return;
    }
    if (!isRecord(body) || typeof body.query !== 'string' || body.query.trim() === '') {
      sendJson(response, 400, {
        family: 'CLIENT_ERROR',
        reason: 'Bad Request',
        message: 'query is required',
      });
      return;
    }
    const query = body.query.trim();
    const count = typeof body.count === 'number' && body.count > 0 ? Math.min(body.count, 300) : 10;
    let found: DadataSuggestion[];
    if (kind === 'party') {
      found = state.parties.filter(
        (s) =>
          (s.data.inn === query || s.data.ogrn === query) &&
          (typeof body.branch_type !== 'string' || s.data.branch_type === body.branch_type) &&
          (typeof body.kpp !== 'string' || s.data.kpp === body.kpp),
      );
    } else {
      found = state.banks.filter(
        (s) => s.data.bic === query || s.data.swift === query || s.data.registration_number === query,
      );
    }
    sendJson(response, 200, { suggestions: found.slice(0, count) });
  });

  return {
    ...server,
    apiKey,
    apiRoot: `${server.url}${ROOT_PATH}`,
    get calls() {
      return state.calls;
    },
    get quotaExceeded() {
      return state.quotaExceeded;
    },
    set quotaExceeded(on: boolean) {
      state.quotaExceeded = on;
    },
    get parties() {
      return state.parties;
    },
    set parties(list: DadataSuggestion[]) {
      state.parties = list;
    },
    get banks() {
      return state.banks;
    },
    set banks(list: DadataSuggestion[]) {
      state.banks = list;
    },
    reset() {
      state.calls.length = 0;
      state.quotaExceeded = false;
      state.parties = options.parties ?? defaultParties();
      state.banks = options.banks ?? defaultBanks();
    },
  };
}
