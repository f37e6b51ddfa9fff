import type { Kv } from '../../ports/kv';
import type { AmoType } from '../../shared/amocrm';
import { randomToken } from '../../shared/same-secret';

/**
 * The OAuth `state` of a consent the owner starts here (reference/crm.md §1.2): random, kept in kv
 * with the account and integration that asked for it, and spent once. The return is finished only
 * for the signed-in account that started it: a state of another account, a spent or an unknown one
 * finishes nothing, so a link made with someone else's code binds nothing into an account.
 */

/** The consent page, the owner's choice and the 20-minute code all fit in this. */
export const AMO_CONSENT_TTL_SECONDS = 45 * 60;

interface Consent {
  accountId: string;
  integrationId: string;
  type: AmoType;
}

const key = (state: string) => `amo:consent:${state}`;
const spentKey = (state: string) => `amo:consent-spent:${state}`;

export async function issueAmoState(kv: Kv, consent: Consent): Promise<string> {
  const state = randomToken();
  await kv.set(key(state), JSON.stringify(consent), { ttlSeconds: AMO_CONSENT_TTL_SECONDS });
  return state;
}

export type TakenConsent = Consent | 'unknown' | 'foreign';

/**
 * The consent a state was issued for, spent by this call; 'foreign' (left unspent) when another
 * account started it, 'unknown' when it never was, expired or was spent already.
 */
export async function takeAmoState(kv: Kv, state: string, accountId: string): Promise<TakenConsent> {
  const stored = await kv.get(key(state));
  if (!stored) return 'unknown';
  const consent = JSON.parse(stored) as Consent;
  if (consent.accountId !== accountId) return 'foreign';
  // One finish wins even when two race: the counter is atomic in every kv.
  if ((await kv.incr(spentKey(state), AMO_CONSENT_TTL_SECONDS)) !== 1) return 'unknown';
  await kv.del(key(state));
  return consent;
}
