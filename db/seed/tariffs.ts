import type { Currency } from '../schema/accounts';
import type { SubscriptionKind, TermUnit } from '../schema/billing';
import { INTEGRATION_TYPES, type IntegrationType } from '../schema/integrations';

/**
 * Our price list (docs/money.md "Tariffs"): a month of one bot, or of one integration of a type, per
 * currency in minor units. Integration types are priced by the work they take: messengers, CRMs
 * and booking systems, and the light ones (our own widget, the customer's own ChatGPT key, a
 * payment link).
 */
type PriceRow = Readonly<Record<Currency, number>>;

const BOT: PriceRow = { rub: 99_000, usd: 1_200, eur: 1_100, kzt: 550_000 };
const MESSENGER: PriceRow = { rub: 49_000, usd: 600, eur: 550, kzt: 270_000 };
const CRM: PriceRow = { rub: 79_000, usd: 900, eur: 800, kzt: 430_000 };
const LIGHT: PriceRow = { rub: 29_000, usd: 350, eur: 300, kzt: 160_000 };

const INTEGRATION_PRICE: Readonly<Record<IntegrationType, PriceRow>> = {
  telegram: MESSENGER,
  wazzup: MESSENGER,
  whatsapp: MESSENGER,
  wappi: MESSENGER,
  avito: MESSENGER,
  wahelp: MESSENGER,
  messagehelp: MESSENGER,
  api_channel: MESSENGER,
  amocrm: CRM,
  kommo: CRM,
  bitrix: CRM,
  retailcrm: CRM,
  alfacrm: CRM,
  yclients: CRM,
  altegio: CRM,
  calendly: CRM,
  shopscript: CRM,
  'imot.io': CRM,
  onchat: LIGHT,
  chatgpt: LIGHT,
  tbank: LIGHT,
};

export const SUBSCRIPTION_KINDS: readonly SubscriptionKind[] = ['bots', ...INTEGRATION_TYPES];

export function monthlyPriceMinor(kind: SubscriptionKind, currency: Currency): number {
  return (kind === 'bots' ? BOT : INTEGRATION_PRICE[kind])[currency];
}

export interface Term {
  id: string;
  unit: TermUnit;
  count: number;
  /** Percent off the monthly price times the months. */
  discountPercent: number;
}

/** Terms on offer: a week to try, then months with a discount for longer terms. */
export const TERMS: readonly Term[] = [
  { id: '7d', unit: 'day', count: 7, discountPercent: 0 },
  { id: '1m', unit: 'month', count: 1, discountPercent: 0 },
  { id: '3m', unit: 'month', count: 3, discountPercent: 5 },
  { id: '6m', unit: 'month', count: 6, discountPercent: 10 },
  { id: '12m', unit: 'month', count: 12, discountPercent: 20 },
];

/** A day is a thirtieth of a month's price. */
export const DAYS_PER_MONTH = 30;
