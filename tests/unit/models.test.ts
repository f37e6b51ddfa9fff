import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../functions/shared/constants';
import {
  DEFAULT_MODEL_ID,
  displayPricePerMillion,
  findModel,
  MODELS,
  priceOf,
  requestSampling,
  resolveModel,
  samplingFor,
} from '../../functions/shared/models';

describe('the model catalogue', () => {
  it('has the default model and integer prices in every currency', () => {
    expect(findModel(DEFAULT_MODEL_ID)).toBeDefined();
    expect(new Set(MODELS.map((entry) => entry.id)).size).toBe(MODELS.length);
    for (const entry of MODELS) {
      for (const currency of CURRENCIES) {
        for (const price of [entry.pricePerMillion.input[currency], entry.pricePerMillion.output[currency]]) {
          expect(Number.isSafeInteger(price)).toBe(true);
          expect(price).toBeGreaterThan(0);
        }
      }
    }
  });

  it('derives each currency from the USD list price with the fixed rates', () => {
    const mini = resolveModel('gpt-4o-mini');
    expect(mini.usdCentsPerMillion).toEqual({ input: 15, output: 60 });
    // milli-minor units per 1M tokens: $0.15 = 15 ¢, 13.50 ₽, 0.138 €, 75 ₸
    expect(mini.pricePerMillion.input).toEqual({ usd: 15_000, rub: 1_350_000, eur: 13_800, kzt: 7_500_000 });
    expect(displayPricePerMillion(mini, 'input', 'rub')).toBe(13.5);
    expect(displayPricePerMillion(mini, 'output', 'eur')).toBeCloseTo(0.552);
  });

  it('falls back to the default model for ids that left the catalogue', () => {
    expect(resolveModel('gpt-3.5-turbo').id).toBe(DEFAULT_MODEL_ID);
    expect(resolveModel(null).id).toBe(DEFAULT_MODEL_ID);
    expect(resolveModel('gpt-4o').id).toBe('gpt-4o');
  });
});

describe('priceOf', () => {
  it('charges exact minor units for whole millions', () => {
    const usage = { promptTokens: 1_000_000, completionTokens: 1_000_000 };
    expect(priceOf('gpt-4o-mini', usage, 'usd')).toBe(75);
    expect(priceOf('gpt-4o-mini', usage, 'rub')).toBe(6750);
    expect(priceOf('gpt-4o', usage, 'kzt')).toBe(625_000);
  });

  it('rounds up, so a non-zero usage never costs 0', () => {
    expect(priceOf('gpt-4.1-nano', { promptTokens: 1, completionTokens: 0 }, 'usd')).toBe(1);
    expect(priceOf('gpt-4.1-nano', { promptTokens: 0, completionTokens: 1 }, 'eur')).toBe(1);
    // gpt-4.1-mini in rubles: 1500 in * 3600 + 300 out * 14400 kopecks per 1M = 9.72 kopecks
    expect(priceOf('gpt-4.1-mini', { promptTokens: 1500, completionTokens: 300 }, 'rub')).toBe(10);
    // gpt-4o in rubles: 100k in * 22500 + 20k out * 90000 kopecks per 1M = 2250 + 1800
    expect(priceOf('gpt-4o', { promptTokens: 100_000, completionTokens: 20_000 }, 'rub')).toBe(4050);
    expect(priceOf('gpt-4o', { promptTokens: 100_001, completionTokens: 20_000 }, 'rub')).toBe(4051);
  });

  it('costs nothing for no usage and stays exact for huge counts', () => {
    expect(priceOf('gpt-4o', { promptTokens: 0, completionTokens: 0 }, 'usd')).toBe(0);
    expect(priceOf('gpt-4o', { promptTokens: 10_000_000_000, completionTokens: 0 }, 'kzt')).toBe(
      1_250_000_000,
    );
  });

  it('refuses unknown models', () => {
    expect(() => priceOf('nope', { promptTokens: 1, completionTokens: 1 }, 'usd')).toThrow(RangeError);
  });
});

describe('temperature modes', () => {
  it('maps the presets', () => {
    expect(samplingFor('reliable')).toEqual({ temperature: 0.2, topP: 0.9 });
    expect(samplingFor('flexible')).toEqual({ temperature: 0.7, topP: 1 });
    expect(samplingFor('creative')).toEqual({ temperature: 1, topP: 1 });
    expect(samplingFor('reliable', 68)).toEqual({ temperature: 0.2, topP: 0.9 });
  });

  it.each([
    [50, 1],
    [0, 0],
    [25, 0.5],
    [68, 1.36],
    [100, 1.36],
    [-5, 0],
    [33.3, 0.67],
    [null, 1],
    [undefined, 1],
    [Number.NaN, 1],
  ])('fine tuning at %s percent is temperature %s', (percent, temperature) => {
    expect(samplingFor('fine_tuning', percent)).toEqual({ temperature, topP: 1 });
  });

  it('sends no sampling to reasoning models', () => {
    expect(requestSampling('o4-mini', 'creative')).toBeUndefined();
    expect(requestSampling('gpt-4o', 'fine_tuning', 25)).toEqual({ temperature: 0.5, topP: 1 });
  });
});
