import { UTM_KEYS } from '../../../functions/shared/constants';
import { isStringRecord, readStored, readStoredJson, STORED_KEYS, writeStored } from './storage';

export type UtmKey = (typeof UTM_KEYS)[number];
export type Metrika = Partial<Record<UtmKey, string>>;

/** The sign-up link data kept under §9 keys `ref_id` and `metrika`, as the API's `query` field wants it. */
export function readSignupQuery(): { ref_id?: string; metrika?: Metrika } {
  const query: { ref_id?: string; metrika?: Metrika } = {};
  const refId = readStored(STORED_KEYS.refId);
  if (refId) query.ref_id = refId;
  const metrika = readStoredJson(STORED_KEYS.metrika, isStringRecord);
  if (metrika) {
    const known = Object.fromEntries(
      UTM_KEYS.filter((key) => metrika[key]).map((key) => [key, metrika[key]]),
    );
    if (Object.keys(known).length > 0) query.metrika = known;
  }
  return query;
}

/** Once an account is registered the link data belongs to it and is forgotten here. */
export function clearSignupQuery(): void {
  writeStored(STORED_KEYS.refId, null);
  writeStored(STORED_KEYS.metrika, null);
}
