import type { Currency } from './constants';

/**
 * SPEC §9: bots need a balance of at least this much (minor units: kopecks, cents, tiyn); below it
 * the balance is critical and the engine stops answering.
 */
export const MINIMUM_BALANCE_MINOR: Readonly<Record<Currency, number>> = {
  rub: 5000,
  usd: 50,
  eur: 50,
  kzt: 20000,
};

/**
 * Product decision: a new account gets a one-time credit of twice the minimum (RUB 100, USD 1,
 * EUR 1, KZT 400) so its owner can try the bot in Check before the first top-up.
 */
export const WELCOME_CREDIT_MINOR: Readonly<Record<Currency, number>> = {
  rub: MINIMUM_BALANCE_MINOR.rub * 2,
  usd: MINIMUM_BALANCE_MINOR.usd * 2,
  eur: MINIMUM_BALANCE_MINOR.eur * 2,
  kzt: MINIMUM_BALANCE_MINOR.kzt * 2,
};
