/**
 * The fiscal receipt (54-ФЗ) sent with Init: Receipt FFD 1.05 with one item (payments.md §1.9).
 * The owner configures fiscalization in the SPEC's spellings (SPEC §3); only T-Bank's spellings are
 * valid on the wire, so every SPEC value is mapped here. Some SPEC values have no T-Bank FFD 1.05
 * value: `envd` (ЕНВД, abolished in 2021, dropped from T-Bank's Taxation enum in 2025) and the
 * payment objects insuranceContributions, tradeFee and resortFee (T-Bank lists them for FFD 1.2
 * receipts only). Those are refused when the settings are checked, before any payment is tried.
 */

export const SPEC_TAXATIONS = ['osn', 'usn_income', 'usn_income_outcome', 'envd', 'esn', 'patent'] as const;
export const SPEC_TAXES = ['none', 'vat0', 'vat10', 'vat20'] as const;
export const SPEC_PAYMENT_METHODS = [
  'prepayment_100',
  'prepayment',
  'advance',
  'fullPayment',
  'partialPaymentAndLoan',
  'transferToLoan',
  'loanPayment',
] as const;
export const SPEC_PAYMENT_OBJECTS = [
  'commodity',
  'excise',
  'work',
  'service',
  'gamblingGamesBet',
  'gamblingGamesWin',
  'lotteryTicket',
  'lotteryWin',
  'payment',
  'agencyFee',
  'insuranceContributions',
  'tradeFee',
  'resortFee',
  'composite',
  'another',
  'intellectualActivity',
] as const;

export type SpecTaxation = (typeof SPEC_TAXATIONS)[number];
export type SpecTax = (typeof SPEC_TAXES)[number];
export type SpecPaymentMethod = (typeof SPEC_PAYMENT_METHODS)[number];
export type SpecPaymentObject = (typeof SPEC_PAYMENT_OBJECTS)[number];

/** T-Bank v1.80 enumerations of Receipt_FFD_105 (§1.9). */
export const TBANK_TAXATIONS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;
export const TBANK_TAXES = [
  'none',
  'vat0',
  'vat5',
  'vat7',
  'vat10',
  'vat20',
  'vat105',
  'vat107',
  'vat110',
  'vat120',
] as const;
export const TBANK_PAYMENT_METHODS = [
  'full_prepayment',
  'prepayment',
  'advance',
  'full_payment',
  'partial_payment',
  'credit',
  'credit_payment',
] as const;
export const TBANK_PAYMENT_OBJECTS_FFD_105 = [
  'commodity',
  'excise',
  'job',
  'service',
  'gambling_bet',
  'gambling_prize',
  'lottery',
  'lottery_prize',
  'intellectual_activity',
  'payment',
  'agent_commission',
  'composite',
  'another',
] as const;

export type TbankTaxation = (typeof TBANK_TAXATIONS)[number];
export type TbankTax = (typeof TBANK_TAXES)[number];
export type TbankPaymentMethod = (typeof TBANK_PAYMENT_METHODS)[number];
export type TbankPaymentObject = (typeof TBANK_PAYMENT_OBJECTS_FFD_105)[number];

/** SPEC spelling → T-Bank wire spelling; null: T-Bank has no FFD 1.05 value for it. */
export const TAXATION_TO_TBANK: Readonly<Record<SpecTaxation, TbankTaxation | null>> = {
  osn: 'osn',
  usn_income: 'usn_income',
  usn_income_outcome: 'usn_income_outcome',
  envd: null,
  esn: 'esn',
  patent: 'patent',
};

export const TAX_TO_TBANK: Readonly<Record<SpecTax, TbankTax>> = {
  none: 'none',
  vat0: 'vat0',
  vat10: 'vat10',
  vat20: 'vat20',
};

export const PAYMENT_METHOD_TO_TBANK: Readonly<Record<SpecPaymentMethod, TbankPaymentMethod>> = {
  prepayment_100: 'full_prepayment',
  prepayment: 'prepayment',
  advance: 'advance',
  fullPayment: 'full_payment',
  partialPaymentAndLoan: 'partial_payment',
  transferToLoan: 'credit',
  loanPayment: 'credit_payment',
};

export const PAYMENT_OBJECT_TO_TBANK: Readonly<Record<SpecPaymentObject, TbankPaymentObject | null>> = {
  commodity: 'commodity',
  excise: 'excise',
  work: 'job',
  service: 'service',
  gamblingGamesBet: 'gambling_bet',
  gamblingGamesWin: 'gambling_prize',
  lotteryTicket: 'lottery',
  lotteryWin: 'lottery_prize',
  payment: 'payment',
  agencyFee: 'agent_commission',
  insuranceContributions: null,
  tradeFee: null,
  resortFee: null,
  composite: 'composite',
  another: 'another',
  intellectualActivity: 'intellectual_activity',
};

/** Why a SPEC value has no wire value, for the owner. */
const NO_WIRE_VALUE: Readonly<Record<string, string>> = {
  envd: 'envd (ЕНВД) was abolished in 2021 and T-Bank no longer accepts it; choose another taxation system',
  insuranceContributions:
    'insuranceContributions has no T-Bank value in FFD 1.05 receipts (T-Bank lists insurance contributions for FFD 1.2 only)',
  tradeFee: 'tradeFee has no T-Bank value in FFD 1.05 receipts (T-Bank lists trade_fee for FFD 1.2 only)',
  resortFee: 'resortFee has no T-Bank value in FFD 1.05 receipts (T-Bank lists resort_tax for FFD 1.2 only)',
};

export interface FiscalSettings {
  taxation: SpecTaxation;
  tax: SpecTax;
  paymentMethod: SpecPaymentMethod;
  paymentObject: SpecPaymentObject;
}

export type FiscalSettingName = keyof FiscalSettings;

/** Fiscal settings as configured: any field may be missing (then the default) or misspelled. */
export type FiscalSettingsInput = Readonly<Partial<Record<FiscalSettingName, unknown>>>;

export const DEFAULT_FISCAL_SETTINGS: Readonly<FiscalSettings> = {
  taxation: 'usn_income',
  tax: 'none',
  paymentMethod: 'fullPayment',
  paymentObject: 'service',
};

/** The same settings in T-Bank's spellings, ready for a receipt. */
export interface TbankFiscal {
  taxation: TbankTaxation;
  tax: TbankTax;
  paymentMethod: TbankPaymentMethod;
  paymentObject: TbankPaymentObject;
}

export interface FiscalProblem {
  setting: FiscalSettingName;
  reason: string;
}

export type FiscalCheck = { ok: true; fiscal: TbankFiscal } | { ok: false; problems: FiscalProblem[] };

function pick<S extends string, W extends string>(
  problems: FiscalProblem[],
  setting: FiscalSettingName,
  value: unknown,
  allowed: readonly S[],
  mapping: Readonly<Record<S, W | null>>,
  fallback: S,
): W | null {
  const chosen = value === undefined || value === null ? fallback : value;
  const known = allowed.find((item) => item === chosen);
  if (known === undefined) {
    problems.push({ setting, reason: `${String(chosen)} is not one of ${allowed.join(', ')}` });
    return null;
  }
  const wire = mapping[known];
  if (wire === null) {
    problems.push({ setting, reason: NO_WIRE_VALUE[known] ?? `${known} is not accepted by T-Bank` });
  }
  return wire;
}

/** Checks configured fiscal settings (SPEC spellings) and maps them to T-Bank's. */
export function checkFiscalSettings(input: FiscalSettingsInput = {}): FiscalCheck {
  const problems: FiscalProblem[] = [];
  const d = DEFAULT_FISCAL_SETTINGS;
  const taxation = pick(problems, 'taxation', input.taxation, SPEC_TAXATIONS, TAXATION_TO_TBANK, d.taxation);
  const tax = pick(problems, 'tax', input.tax, SPEC_TAXES, TAX_TO_TBANK, d.tax);
  const paymentMethod = pick(
    problems,
    'paymentMethod',
    input.paymentMethod,
    SPEC_PAYMENT_METHODS,
    PAYMENT_METHOD_TO_TBANK,
    d.paymentMethod,
  );
  const paymentObject = pick(
    problems,
    'paymentObject',
    input.paymentObject,
    SPEC_PAYMENT_OBJECTS,
    PAYMENT_OBJECT_TO_TBANK,
    d.paymentObject,
  );
  if (taxation === null || tax === null || paymentMethod === null || paymentObject === null) {
    return { ok: false, problems };
  }
  return { ok: true, fiscal: { taxation, tax, paymentMethod, paymentObject } };
}

/** The problems of configured fiscal settings; empty when T-Bank will accept them. */
export function validateFiscalSettings(input: FiscalSettingsInput = {}): FiscalProblem[] {
  const check = checkFiscalSettings(input);
  return check.ok ? [] : check.problems;
}

/** T-Bank's Receipt limits (§1.9). */
export const RECEIPT_ITEM_NAME_LIMIT = 128;
export const RECEIPT_EMAIL_LIMIT = 64;
/** `+` and the digits with the country code; T-Bank refuses a longer one (error 316). */
export const RECEIPT_PHONE_LIMIT = 19;

export interface TbankReceiptItem {
  Name: string;
  Price: number;
  Quantity: number;
  Amount: number;
  Tax: TbankTax;
  PaymentMethod: TbankPaymentMethod;
  PaymentObject: TbankPaymentObject;
}

/** Where the receipt goes: an e-mail or a phone (one of them is required, §1.9). */
export type TbankReceipt = {
  FfdVersion: '1.05';
  Taxation: TbankTaxation;
  Items: TbankReceiptItem[];
} & ({ Email: string; Phone?: never } | { Phone: string; Email?: never });

/** The first `limit` UTF-16 units of `text` (T-Bank counts like Java), never half a surrogate pair. */
export function clipText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const clipped = text.slice(0, limit);
  const last = clipped.charCodeAt(clipped.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? clipped.slice(0, -1) : clipped;
}

export interface ReceiptLine {
  /** The item's name; clipped to 128 characters. */
  name: string;
  amountMinor: number;
  /** The buyer's e-mail; without one, `phone` (`+` and digits). */
  email?: string;
  phone?: string;
}

/** The receipt's Email or Phone; throws when neither is usable. */
function receiptContact(line: ReceiptLine): { Email: string } | { Phone: string } {
  const email = line.email?.trim() ?? '';
  if (email !== '' || line.phone === undefined) {
    if (email === '' || email.length > RECEIPT_EMAIL_LIMIT) {
      throw new RangeError(`A receipt e-mail must have 1 to ${RECEIPT_EMAIL_LIMIT} characters`);
    }
    return { Email: email };
  }
  const phone = line.phone.trim();
  if (!/^\+\d{10,18}$/.test(phone)) {
    throw new RangeError(`A receipt phone must be + and 10 to ${RECEIPT_PHONE_LIMIT - 1} digits`);
  }
  return { Phone: phone };
}

/** A one-item FFD 1.05 receipt whose items sum to `amountMinor`, the Init Amount. */
export function buildReceipt(line: ReceiptLine, fiscal: TbankFiscal): TbankReceipt {
  if (!Number.isSafeInteger(line.amountMinor) || line.amountMinor <= 0) {
    throw new RangeError(
      `A receipt amount must be a positive whole number of kopecks, not ${line.amountMinor}`,
    );
  }
  const contact = receiptContact(line);
  const name = clipText(line.name.trim(), RECEIPT_ITEM_NAME_LIMIT);
  if (name === '') throw new RangeError('A receipt item needs a name');
  return {
    FfdVersion: '1.05',
    ...contact,
    Taxation: fiscal.taxation,
    Items: [
      {
        Name: name,
        Price: line.amountMinor,
        Quantity: 1,
        Amount: line.amountMinor,
        Tax: fiscal.tax,
        PaymentMethod: fiscal.paymentMethod,
        PaymentObject: fiscal.paymentObject,
      },
    ],
  };
}

/** Σ Items[].Amount: what T-Bank compares with the Init Amount (error 308 when they differ). */
export function receiptTotal(receipt: Readonly<{ Items: readonly Readonly<{ Amount: number }>[] }>): number {
  return receipt.Items.reduce((sum, item) => sum + item.Amount, 0);
}
