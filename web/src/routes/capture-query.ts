import { UTM_KEYS } from '../../../functions/shared/constants';
import {
  type PendingIntegration,
  type SALON_TYPES,
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

/** Marketplace redirects land on /integrations/{type} with the data to confirm (SPEC §3). */
function pendingFrom(slug: string | undefined, params: URLSearchParams): PendingIntegration | null {
  if (slug === 'yclients' || slug === 'altegio') {
    const type: (typeof SALON_TYPES)[number] = slug;
    const salonId = first(params, 'salon_id', 'salonId');
    const userData = first(params, 'user_data', 'userData');
    const userDataSign = first(params, 'user_data_sign', 'userDataSign');
    return salonId && userData && userDataSign ? { type, salonId, userData, userDataSign } : null;
  }
  if (slug === 'retailcrm') {
    const token = first(params, 'token');
    const systemUrl = first(params, 'systemUrl', 'system_url');
    const apiKey = first(params, 'apiKey', 'api_key');
    return token && systemUrl && apiKey ? { type: 'retailcrm', token, systemUrl, apiKey } : null;
  }
  return null;
}

const BITRIX_MARKERS = ['DOMAIN', 'member_id', 'AUTH_ID', 'APP_SID'];

/** Query names that carry confirmation secrets; they are removed from the address once stored. */
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
];

/**
 * SPEC §2: query parameters on routes store the referral id, UTM data and pending integration data
 * under the §9 keys; `?lang=` sets the language preference. Returns whether anything sensitive
 * was stored (the caller may then clean the address).
 */
export function captureQuery(pathname: string, search: string): boolean {
  const params = new URLSearchParams(search);
  if (params.size === 0) return false;

  const refId = first(params, 'ref_id');
  if (refId) writeStored(STORED_KEYS.refId, refId);

  const metrika = Object.fromEntries(
    UTM_KEYS.map((key) => [key, first(params, `utm_${key}`)]).filter(([, value]) => value !== ''),
  );
  if (Object.keys(metrika).length > 0) writeStoredJson(STORED_KEYS.metrika, metrika);

  const lang = params.get('lang');
  if (isLanguage(lang)) void activateLanguage(lang, true);

  const [, section, slug] = pathname.split('/');
  if (section !== 'integrations') return false;
  const pending = pendingFrom(slug, params);
  if (pending) {
    storePendingIntegration(pending);
    return true;
  }
  if (slug === 'bitrix' && BITRIX_MARKERS.some((name) => params.has(name))) {
    storeBitrixInstallData(Object.fromEntries(params.entries()));
    return true;
  }
  return false;
}
