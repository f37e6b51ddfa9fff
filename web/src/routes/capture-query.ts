import { UTM_KEYS } from '../../../functions/shared/constants';
import { SIGNUP_QUERY_MAX_LENGTH } from '../../../functions/shared/schemas/auth';
import {
  type IncompleteIntegrationLink,
  type PendingIntegration,
  storeBitrixInstallData,
  storePendingIntegration,
} from '../api/pending-integration';
import { STORED_KEYS, writeStored, writeStoredJson } from '../api/storage';
import { activateLanguage, isLanguage } from '../i18n/i18n';

const first = (params: URLSearchParams, ...names: string[]) => {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return '';
};

/** The query names each field of a pending confirmation may arrive under (SPEC §3). */
const PENDING_FIELDS = {
  salon: {
    salonId: ['salon_id', 'salonId'],
    userData: ['user_data', 'userData'],
    userDataSign: ['user_data_sign', 'userDataSign'],
  },
  retailcrm: { install: ['install'], account: ['account'] },
} as const;

type Found = { pending: PendingIntegration } | { incomplete: IncompleteIntegrationLink } | null;

/**
 * Marketplace redirects land on /integrations/{type} with the data to confirm (SPEC §3): all of it
 * makes a pending confirmation; some of it, a link to explain (SPEC §5: all fields are required).
 */
function pendingFrom(slug: string | undefined, params: URLSearchParams): Found {
  const type = slug === 'yclients' || slug === 'altegio' ? slug : slug === 'retailcrm' ? slug : null;
  if (!type) return null;
  const names = PENDING_FIELDS[type === 'retailcrm' ? 'retailcrm' : 'salon'];
  const values = Object.fromEntries(
    Object.entries(names).map(([field, aliases]) => [field, first(params, ...aliases)]),
  );
  const missing = Object.keys(values).filter((field) => !values[field]);
  if (missing.length === Object.keys(values).length) return null;
  if (missing.length > 0) return { incomplete: { type, missing } };
  return { pending: { type, ...values } as PendingIntegration };
}

const BITRIX_MARKERS = ['DOMAIN', 'member_id', 'AUTH_ID', 'APP_SID'];

/**
 * Query names that carry confirmation data (secrets, sealed tickets and what they name); they are
 * removed from the address once stored, so a later visit of the route does not capture a part again.
 */
export const SENSITIVE_PARAMS = [
  'salon_id',
  'salonId',
  'user_data',
  'userData',
  'user_data_sign',
  'userDataSign',
  'token',
  'systemUrl',
  'system_url',
  'apiKey',
  'api_key',
  'AUTH_ID',
  'REFRESH_ID',
  'install',
  'account',
  'DOMAIN',
  'member_id',
];

/**
 * SPEC §2: query parameters on routes store the referral id, UTM data and pending integration data
 * under the §9 keys; `?lang=` sets the language preference. Returns whether anything sensitive
 * was stored (the caller may then clean the address).
 */
export function captureQuery(pathname: string, search: string): boolean {
  const params = new URLSearchParams(search);
  if (params.size === 0) return false;

  // Cut to what the server keeps: a longer value must not ride along with every sign-in.
  const linkValue = (name: string) => first(params, name).slice(0, SIGNUP_QUERY_MAX_LENGTH);
  const refId = linkValue('ref_id');
  if (refId) writeStored(STORED_KEYS.refId, refId);

  const metrika = Object.fromEntries(
    UTM_KEYS.map((key) => [key, linkValue(`utm_${key}`)]).filter(([, value]) => value !== ''),
  );
  if (Object.keys(metrika).length > 0) writeStoredJson(STORED_KEYS.metrika, metrika);

  const lang = params.get('lang');
  if (isLanguage(lang)) void activateLanguage(lang, true);

  const [, section, slug] = pathname.split('/');
  if (section !== 'integrations') return false;
  const found = pendingFrom(slug, params);
  if (found && 'pending' in found) {
    storePendingIntegration(found.pending);
    writeStored(STORED_KEYS.incompleteIntegrationLink, null);
    return true;
  }
  if (found) {
    writeStoredJson(STORED_KEYS.incompleteIntegrationLink, found.incomplete);
    return true;
  }
  if (slug === 'bitrix' && BITRIX_MARKERS.some((name) => params.has(name))) {
    storeBitrixInstallData(Object.fromEntries(params.entries()));
    return true;
  }
  return false;
}
