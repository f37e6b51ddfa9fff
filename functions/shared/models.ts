import type { Currency } from './constants';

/**
 * The model catalogue (shared by the API and the editor) and how a bot's temperature setting
 * becomes sampling parameters.
 *
 * Prices. Each model carries its provider list price in US cents per 1M tokens. The price in every
 * currency is derived with FIXED rates (below), reviewed by hand, never fetched live, so a bill can
 * always be recomputed. Derived prices are kept in thousandths of a minor unit (milli-kopecks,
 * milli-cents, milli-tiyn) per 1M tokens: with rates given in hundredths this stays an exact integer
 * for every model, so no float ever touches money.
 */

/** Sampling parameters in OpenAI's ranges: temperature 0..2, top_p 0..1. */
export interface Sampling {
  temperature: number;
  topP: number;
}

/** Tokens an answer consumed, as the endpoint reported them. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  /** Tokens of embeddings made for the answer (the knowledge search), priced at EMBEDDING_MODEL's rate. */
  embeddingTokens?: number;
}

/** Minor units per major unit in our currencies: kopeck, cent, cent, tiyn. */
export const MINOR_PER_MAJOR = 100;
/** Derived prices are stored in thousandths of a minor unit. */
export const MILLI = 1000;

/**
 * Fixed conversion from USD, in hundredths of the currency per 1 USD:
 * 1 USD = 90.00 RUB = 0.92 EUR = 500.00 KZT.
 */
export const USD_RATES_HUNDREDTHS: Readonly<Record<Currency, number>> = {
  usd: 100,
  rub: 9000,
  eur: 92,
  kzt: 50000,
};

export type PriceTable = Readonly<Record<Currency, number>>;

export interface ModelInfo {
  id: string;
  label: string;
  /** Tokens the model reads at most (prompt + answer). */
  contextWindow: number;
  /** Tokens the model writes at most in one answer. */
  maxOutputTokens: number;
  /**
   * Reasoning models (o-series) refuse temperature/top_p other than the defaults, so no sampling is
   * sent for them and the temperature setting does not apply.
   */
  reasoning: boolean;
  /** Provider list price, US cents per 1M tokens. */
  usdCentsPerMillion: { input: number; output: number };
  /** Derived: thousandths of a minor unit per 1M tokens, per currency. */
  pricePerMillion: { input: PriceTable; output: PriceTable };
}

function convert(usdCents: number): PriceTable {
  const table = {} as Record<Currency, number>;
  for (const [currency, rate] of Object.entries(USD_RATES_HUNDREDTHS) as [Currency, number][]) {
    // cents * (rate / 100) major-per-USD = minor units; * MILLI for thousandths.
    table[currency] = (usdCents * rate * MILLI) / 100;
  }
  return table;
}

function model(
  id: string,
  label: string,
  contextWindow: number,
  maxOutputTokens: number,
  usdCents: { input: number; output: number },
  reasoning = false,
): ModelInfo {
  return {
    id,
    label,
    contextWindow,
    maxOutputTokens,
    reasoning,
    usdCentsPerMillion: usdCents,
    pricePerMillion: { input: convert(usdCents.input), output: convert(usdCents.output) },
  };
}

export const MODELS: readonly ModelInfo[] = [
  model('gpt-4.1-nano', 'GPT-4.1 nano', 1_047_576, 32_768, { input: 10, output: 40 }),
  model('gpt-4o-mini', 'GPT-4o mini', 128_000, 16_384, { input: 15, output: 60 }),
  model('gpt-4.1-mini', 'GPT-4.1 mini', 1_047_576, 32_768, { input: 40, output: 160 }),
  model('gpt-4.1', 'GPT-4.1', 1_047_576, 32_768, { input: 200, output: 800 }),
  model('gpt-4o', 'GPT-4o', 128_000, 16_384, { input: 250, output: 1000 }),
  model('o4-mini', 'o4-mini', 200_000, 100_000, { input: 110, output: 440 }, true),
];

export const DEFAULT_MODEL_ID = 'gpt-4.1-mini';

/**
 * The embeddings model documents and questions are embedded with (OpenAI's text-embedding-3-small,
 * list price 2 US cents per 1M tokens), shortened to EMBEDDING_DIMENSIONS, which the chunks table's
 * vector column is made for.
 */
export const EMBEDDING_MODEL = 'text-embedding-3-small';
export const EMBEDDING_DIMENSIONS = 512;
/** Thousandths of a minor unit per 1M embedding tokens, per currency. */
export const EMBEDDING_PRICE_PER_MILLION: PriceTable = convert(2);

/** What `tokens` embedding tokens cost in minor units, rounded up (a knowledge document's indexing). */
export function embeddingPriceOf(tokenCount: number, currency: Currency): number {
  const milli = tokens(tokenCount) * BigInt(EMBEDDING_PRICE_PER_MILLION[currency]);
  const divisor = BigInt(1_000_000 * MILLI);
  return Number((milli + divisor - 1n) / divisor);
}

export function findModel(id: string): ModelInfo | undefined {
  return MODELS.find((entry) => entry.id === id);
}

/** The catalogue entry for `id`, or the default model when `id` has left the catalogue. */
export function resolveModel(id: string | null | undefined): ModelInfo {
  const found = id ? findModel(id) : undefined;
  if (found) return found;
  const fallback = findModel(DEFAULT_MODEL_ID);
  if (!fallback) throw new Error('The default model is missing from the catalogue');
  return fallback;
}

const tokens = (count: number): bigint => BigInt(Math.max(0, Math.ceil(Number.isFinite(count) ? count : 0)));

/**
 * What `usage` of `modelId` costs, in integer minor units of `currency`, rounded UP: any non-zero
 * usage costs at least 1 minor unit, so an answer is never free. Computed in BigInt so huge token
 * counts stay exact. Throws RangeError for a model that is not in the catalogue (call
 * `resolveModel` first).
 */
export function priceOf(modelId: string, usage: TokenUsage, currency: Currency): number {
  const entry = findModel(modelId);
  if (!entry) throw new RangeError(`Unknown model: ${modelId}`);
  const milli =
    tokens(usage.promptTokens) * BigInt(entry.pricePerMillion.input[currency]) +
    tokens(usage.completionTokens) * BigInt(entry.pricePerMillion.output[currency]) +
    tokens(usage.embeddingTokens ?? 0) * BigInt(EMBEDDING_PRICE_PER_MILLION[currency]);
  const divisor = BigInt(1_000_000 * MILLI);
  return Number((milli + divisor - 1n) / divisor);
}

/** A per-1M-tokens price for display, in major units (e.g. 13.5 for 13.50 ₽); never used to bill. */
export function displayPricePerMillion(
  entry: ModelInfo,
  direction: 'input' | 'output',
  currency: Currency,
): number {
  return entry.pricePerMillion[direction][currency] / MILLI / MINOR_PER_MAJOR;
}

export const TEMPERATURE_MODES = ['reliable', 'flexible', 'creative', 'fine_tuning'] as const;
export type TemperatureMode = (typeof TEMPERATURE_MODES)[number];
/** The bot's own temperature slider (SPEC §9): 0..68 percent, default 50. */
export const TEMPERATURE_PERCENT_MIN = 0;
export const TEMPERATURE_PERCENT_MAX = 68;
export const DEFAULT_TEMPERATURE_PERCENT = 50;

/**
 * Temperature modes:
 * - reliable: temperature 0.2, top_p 0.9 — near-deterministic, sticks to the prompt and knowledge;
 * - flexible: temperature 0.7, top_p 1 — natural conversation with little drift;
 * - creative: temperature 1.0, top_p 1 — OpenAI's default, the most varied wording of the presets;
 * - fine_tuning: temperature = percent / 100 * 2 (OpenAI's 0..2 scale), top_p 1; the percent is
 *   clamped to 0..68, so the slider spans temperature 0..1.36 and its default 50 % is 1.0. The cap
 *   keeps clear of the range above ~1.4 where answers turn incoherent. A missing or non-numeric
 *   percent counts as the default.
 */
const PRESETS: Readonly<Record<Exclude<TemperatureMode, 'fine_tuning'>, Sampling>> = {
  reliable: { temperature: 0.2, topP: 0.9 },
  flexible: { temperature: 0.7, topP: 1 },
  creative: { temperature: 1, topP: 1 },
};

export function samplingFor(mode: TemperatureMode, temperaturePercent?: number | null): Sampling {
  if (mode !== 'fine_tuning') return { ...PRESETS[mode] };
  const percent =
    typeof temperaturePercent === 'number' && Number.isFinite(temperaturePercent)
      ? Math.min(TEMPERATURE_PERCENT_MAX, Math.max(TEMPERATURE_PERCENT_MIN, temperaturePercent))
      : DEFAULT_TEMPERATURE_PERCENT;
  return { temperature: Math.round(percent * 2) / 100, topP: 1 };
}

/** The sampling to send for a bot: none for reasoning models, which accept only their defaults. */
export function requestSampling(
  modelId: string,
  mode: TemperatureMode,
  temperaturePercent?: number | null,
): Sampling | undefined {
  return resolveModel(modelId).reasoning ? undefined : samplingFor(mode, temperaturePercent);
}
