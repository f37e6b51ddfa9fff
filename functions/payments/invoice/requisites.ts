/**
 * Invoice organisation details (SPEC §3 "Invoice organization details") and their checks: every
 * field required, values trimmed, and the numbers checked by their control digits the way the tax
 * service (FNS) and the Bank of Russia define them. Pure: runs the same in the Worker, in Node and in
 * the browser.
 *
 * Field errors are message keys of `invoiceMessages` (merge it into the server catalogue); each side
 * translates them.
 */

/** Texts of the invoice flow, `{ key: { ru, en } }`, for the server catalogue and the SPA. */
export const invoiceMessages = {
  invoice_fields_required: {
    ru: 'Необходимо заполнить все поля счета',
    en: 'Please fill in all invoice fields',
  },
  invoice_value_invalid: { ru: 'Некорректное значение', en: 'Invalid value' },
  invoice_value_too_long: { ru: 'Слишком длинное значение', en: 'The value is too long' },
  invoice_inn_invalid: { ru: 'Некорректный ИНН', en: 'Invalid INN (taxpayer number)' },
  invoice_kpp_invalid: { ru: 'Некорректный КПП', en: 'Invalid KPP (tax registration reason code)' },
  invoice_ogrn_invalid: { ru: 'Некорректный ОГРН', en: 'Invalid OGRN (state registration number)' },
  invoice_ogrn_inn_mismatch: {
    ru: 'ОГРН не соответствует ИНН: у организации ОГРН из 13 цифр, у ИП ОГРНИП из 15 цифр',
    en: 'The OGRN does not match the INN: a company has a 13-digit OGRN, a sole proprietor a 15-digit OGRNIP',
  },
  invoice_bik_invalid: { ru: 'Некорректный БИК', en: 'Invalid BIK (bank identification code)' },
  invoice_account_invalid: {
    ru: 'Расчётный счёт должен состоять из 20 цифр',
    en: 'The current account must have 20 digits',
  },
  invoice_account_bik_mismatch: {
    ru: 'Расчётный счёт не соответствует БИК',
    en: 'The current account does not match the BIK',
  },
  invoice_correspondent_account_invalid: {
    ru: 'Корреспондентский счёт должен состоять из 20 цифр и начинаться с 301',
    en: 'The correspondent account must have 20 digits and start with 301',
  },
  invoice_correspondent_account_bik_mismatch: {
    ru: 'Корреспондентский счёт не соответствует БИК',
    en: 'The correspondent account does not match the BIK',
  },
  invoice_suggestions_unavailable: {
    ru: 'Подсказки сейчас недоступны, заполните поля вручную',
    en: 'Suggestions are unavailable right now, please fill in the fields manually',
  },
  invoice_party_not_found: {
    ru: 'Организация с таким ИНН не найдена',
    en: 'No organisation with this INN was found',
  },
  invoice_bank_not_found: { ru: 'Банк с таким БИК не найден', en: 'No bank with this BIK was found' },
} as const satisfies Record<string, { ru: string; en: string }>;

export type InvoiceMessageKey = keyof typeof invoiceMessages;

/** The checked, normalised details. `kpp` is set for companies (10-digit INN) and null for sole proprietors. */
export interface InvoiceRequisites {
  inn: string;
  kpp: string | null;
  name: string;
  legal_address: string;
  postal_address: string;
  bik: string;
  account: string;
  correspondent_account: string;
  ogrn: string;
  bank_name: string;
}

export type RequisitesField = keyof InvoiceRequisites;

/** Fields every invoice needs, in form order. `kpp` is required only with a company's 10-digit INN. */
export const REQUIRED_REQUISITES_FIELDS = [
  'inn',
  'name',
  'legal_address',
  'postal_address',
  'ogrn',
  'bik',
  'bank_name',
  'account',
  'correspondent_account',
] as const satisfies readonly RequisitesField[];

export type RequisitesResult =
  | { ok: true; value: InvoiceRequisites }
  | { ok: false; fields: Partial<Record<RequisitesField, InvoiceMessageKey>> };

/** Longest accepted text for names and addresses (DaData's full names and addresses fit). */
export const REQUISITES_TEXT_MAX = 500;
const NUMBER_MAX = 64;

const digitsOf = (value: string) => Array.from(value, Number);

/** Σ digit × weight over the shorter of the two lists. */
function weighted(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits[i] ?? 0) * (weights[i] ?? 0);
  return sum;
}

/** INN: 10 digits (company) or 12 digits (individual, sole proprietor), with the FNS check digits. */
export function isValidInn(inn: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(inn)) return false;
  const d = digitsOf(inn);
  const check = (weights: number[]) => (weighted(d, weights) % 11) % 10;
  if (inn.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return (
    check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11]
  );
}

/** KPP: 4 digits (tax office), 2 digits or capital Latin letters (reason), 3 digits (number). */
export function isValidKpp(kpp: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);
}

/** The remainder of a long decimal number, digit by digit (no precision loss past 2^53). */
function remainder(decimal: string, divisor: number): number {
  let rest = 0;
  for (const digit of decimal) rest = (rest * 10 + Number(digit)) % divisor;
  return rest;
}

/** OGRN (13 digits, company: the first 12 mod 11) or OGRNIP (15 digits: the first 14 mod 13), last digit of that. */
export function isValidOgrn(ogrn: string): boolean {
  if (!/^\d{13}$|^\d{15}$/.test(ogrn)) return false;
  const body = ogrn.slice(0, -1);
  const divisor = ogrn.length === 13 ? 11 : 13;
  return remainder(body, divisor) % 10 === Number(ogrn.at(-1));
}

/** BIK: 9 digits. */
export function isValidBik(bik: string): boolean {
  return /^\d{9}$/.test(bik);
}

/** The Bank of Russia key check: weights 7, 1, 3 repeating over 23 digits; the sum must end in 0. */
function accountKeyOk(prefix3: string, account: string): boolean {
  const digits = digitsOf(prefix3 + account);
  let sum = 0;
  digits.forEach((digit, i) => {
    sum += digit * ([7, 1, 3][i % 3] ?? 0);
  });
  return sum % 10 === 0;
}

/** BIKs of Bank of Russia divisions (РКЦ) end in 000, 001 or 002; their accounts are keyed like correspondent ones. */
const isCbrDivision = (bik: string) => /(000|001|002)$/.test(bik);

/** A current account (расчётный счёт) of 20 digits, keyed with the last 3 digits of the BIK. */
export function isAccountMatchingBik(account: string, bik: string): boolean {
  if (!/^\d{20}$/.test(account) || !isValidBik(bik)) return false;
  const prefix = isCbrDivision(bik) ? `0${bik.slice(4, 6)}` : bik.slice(6, 9);
  return accountKeyOk(prefix, account);
}

/**
 * A bank's correspondent account: 20 digits starting with 301, keyed with "0" + BIK digits 5–6 (the
 * Bank of Russia rule), and ending with the last 3 digits of the BIK (the bank's number in its
 * region). The key alone only ties the account to the region, so two Moscow banks would pass it.
 */
export function isCorrespondentAccountMatchingBik(account: string, bik: string): boolean {
  if (!/^301\d{17}$/.test(account) || !isValidBik(bik)) return false;
  return account.slice(-3) === bik.slice(-3) && accountKeyOk(`0${bik.slice(4, 6)}`, account);
}

const NUMBER_FIELDS = new Set<RequisitesField>([
  'inn',
  'kpp',
  'ogrn',
  'bik',
  'account',
  'correspondent_account',
]);

/** Strings only; numbers are read as their digits (a form may send 7707083893 as a number). */
function readField(input: Record<string, unknown>, field: RequisitesField): string | null {
  const raw = input[field];
  if (raw === undefined || raw === null) return '';
  if (typeof raw === 'number' && NUMBER_FIELDS.has(field) && Number.isSafeInteger(raw) && raw >= 0)
    return String(raw);
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  // Spaces inside numbers are how people copy them from bank letters: "4070 2810 …".
  return NUMBER_FIELDS.has(field) ? trimmed.replace(/\s+/g, '').toUpperCase() : trimmed.replace(/\s+/g, ' ');
}

/**
 * Checks the invoice details a user typed (or DaData filled in). Every empty required field is marked
 * with `invoice_fields_required` (so an empty form gives that one message); other fields get their own
 * message. On success the value is trimmed and normalised.
 */
export function checkRequisites(input: unknown): RequisitesResult {
  const source = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  const record = source as Record<string, unknown>;
  const fields: Partial<Record<RequisitesField, InvoiceMessageKey>> = {};
  const values = {} as Record<RequisitesField, string>;

  for (const field of [...REQUIRED_REQUISITES_FIELDS, 'kpp'] as const) {
    const value = readField(record, field);
    if (value === null) fields[field] = 'invoice_value_invalid';
    else if (value.length > (NUMBER_FIELDS.has(field) ? NUMBER_MAX : REQUISITES_TEXT_MAX))
      fields[field] = 'invoice_value_too_long';
    else {
      values[field] = value;
      if (value === '' && field !== 'kpp') fields[field] = 'invoice_fields_required';
    }
  }

  const { inn, kpp, ogrn, bik, account, correspondent_account } = values;
  const isCompany = inn?.length === 10;
  if (inn && !isValidInn(inn)) fields.inn = 'invoice_inn_invalid';
  if (inn && isValidInn(inn) && isCompany && !fields.kpp) {
    if (!kpp) fields.kpp = 'invoice_fields_required';
    else if (!isValidKpp(kpp)) fields.kpp = 'invoice_kpp_invalid';
  }
  if (ogrn) {
    if (!isValidOgrn(ogrn)) fields.ogrn = 'invoice_ogrn_invalid';
    else if (inn && isValidInn(inn) && (ogrn.length === 13) !== isCompany)
      fields.ogrn = 'invoice_ogrn_inn_mismatch';
  }
  const bikOk = bik ? isValidBik(bik) : false;
  if (bik && !bikOk) fields.bik = 'invoice_bik_invalid';
  if (account) {
    if (!/^\d{20}$/.test(account)) fields.account = 'invoice_account_invalid';
    else if (bikOk && !isAccountMatchingBik(account, bik as string))
      fields.account = 'invoice_account_bik_mismatch';
  }
  if (correspondent_account) {
    if (!/^301\d{17}$/.test(correspondent_account))
      fields.correspondent_account = 'invoice_correspondent_account_invalid';
    else if (bikOk && !isCorrespondentAccountMatchingBik(correspondent_account, bik as string))
      fields.correspondent_account = 'invoice_correspondent_account_bik_mismatch';
  }

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      inn: values.inn,
      kpp: isCompany ? values.kpp : null,
      name: values.name,
      legal_address: values.legal_address,
      postal_address: values.postal_address,
      bik: values.bik,
      account: values.account,
      correspondent_account: values.correspondent_account,
      ogrn: values.ogrn,
      bank_name: values.bank_name,
    },
  };
}
