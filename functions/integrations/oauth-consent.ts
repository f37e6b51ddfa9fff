import type { IntegrationType } from '../../db/schema';
import type { Kv } from '../ports/kv';
import { hmacHex } from '../shared/hmac-hex';
import { randomToken, sameSecret } from '../shared/same-secret';

/**
 * The OAuth `state` of a consent the owner starts here (amoCRM, Kommo, Calendly): random, kept in kv
 * with the account and integration that asked for it and the browser it was started in, and spent
 * once. Whoever finishes it must prove it is theirs (the signed-in account, or the browser that
 * started it): a state of another account or browser, a spent or an unknown one finishes nothing,
 * so a link made with someone else's code binds nothing into an account.
 */

/** The consent page, the owner's choice and the system's code (20 minutes at most) all fit in this. */
export const CONSENT_TTL_SECONDS = 45 * 60;

export interface Consent {
  accountId: string;
  integrationId: string;
  type: IntegrationType;
  /** The browser nonce it was started with, keyed by the state (never the nonce itself). */
  browser?: string;
}

const key = (state: string) => `oauth:consent:${state}`;
const spentKey = (state: string) => `oauth:consent-spent:${state}`;

const browserMark = (state: string, nonce: string) => hmacHex(state, `consent-browser:${nonce}`);

/** A fresh state for `consent`; `browserNonce` (the cookie the start set) ties it to that browser. */
export async function issueConsentState(
  kv: Kv,
  consent: Omit<Consent, 'browser'>,
  browserNonce?: string,
): Promise<string> {
  const state = randomToken();
  const stored: Consent = browserNonce ? { ...consent, browser: browserMark(state, browserNonce) } : consent;
  await kv.set(key(state), JSON.stringify(stored), { ttlSeconds: CONSENT_TTL_SECONDS });
  return state;
}

/** Whether the state was started in the browser that sent `nonce`. */
export async function startedInBrowser(state: string, consent: Consent, nonce: string | undefined) {
  if (!consent.browser || !nonce) return false;
  return sameSecret(browserMark(state, nonce), consent.browser);
}

export type TakenConsent = Consent | 'unknown' | 'foreign';

/**
 * The consent a state was issued for, spent by this call; 'foreign' (left unspent) when `belongs`
 * says the finisher is not the one who started it, 'unknown' when it never was, expired or was
 * spent already.
 */
export async function takeConsentState(
  kv: Kv,
  state: string,
  belongs: (consent: Consent) => boolean | Promise<boolean>,
): Promise<TakenConsent> {
  const stored = await kv.get(key(state));
  if (!stored) return 'unknown';
  const consent = JSON.parse(stored) as Consent;
  if (!(await belongs(consent))) return 'foreign';
  // One finish wins even when two race: the counter is atomic in every kv.
  if ((await kv.incr(spentKey(state), CONSENT_TTL_SECONDS)) !== 1) return 'unknown';
  await kv.del(key(state));
  return consent;
}
