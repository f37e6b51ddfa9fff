import { type AmoType, isAmoType } from '../../../functions/shared/amocrm';
import {
  isStringRecord,
  readStoredJson,
  STORED_KEYS,
  useStored,
  writeStored,
  writeStoredJson,
} from './storage';

/** A pending integration confirmation (SPEC §3), kept under the §9 key `integration-to-confirm`. */
export type PendingIntegration =
  | { type: 'yclients' | 'altegio'; salonId: string; userData: string; userDataSign: string }
  /** RetailCRM's marketplace: the account's host and the sealed ticket with its address, key and token. */
  | { type: 'retailcrm'; install: string; account: string }
  /**
   * amoCRM / Kommo's consent page sent the owner back to /amo/install: the server sealed the code
   * into a ticket; `consent` when it came back with our state (finished at once), otherwise an
   * install from the market that the owner confirms.
   */
  | { type: AmoType; install: string; account: string; consent: boolean };

/** A confirmation link that came without some of its fields (SPEC §5: all are required). */
export interface IncompleteIntegrationLink {
  type: 'yclients' | 'altegio' | 'retailcrm';
  missing: string[];
}

const isIncompleteLink = (value: unknown): value is IncompleteIntegrationLink =>
  typeof value === 'object' &&
  value !== null &&
  ['yclients', 'altegio', 'retailcrm'].includes((value as { type?: unknown }).type as string) &&
  Array.isArray((value as { missing?: unknown }).missing);

export const readIncompleteIntegrationLink = () =>
  readStoredJson(STORED_KEYS.incompleteIntegrationLink, isIncompleteLink);

export const clearIncompleteIntegrationLink = () => writeStored(STORED_KEYS.incompleteIntegrationLink, null);

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** SPEC §5: a salon confirmation needs all four fields non-empty, and so does a retailcrm one. */
export function isPendingIntegration(value: unknown): value is PendingIntegration {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record.type === 'yclients' || record.type === 'altegio') {
    return filled(record.salonId) && filled(record.userData) && filled(record.userDataSign);
  }
  if (record.type === 'retailcrm') return filled(record.install) && filled(record.account);
  if (typeof record.type === 'string' && isAmoType(record.type)) {
    return filled(record.install) && filled(record.account) && typeof record.consent === 'boolean';
  }
  return false;
}

export const readPendingIntegration = () =>
  readStoredJson(STORED_KEYS.integrationToConfirm, isPendingIntegration);

export function storePendingIntegration(value: PendingIntegration): void {
  if (isPendingIntegration(value)) writeStoredJson(STORED_KEYS.integrationToConfirm, value);
}

export const clearPendingIntegration = () => writeStored(STORED_KEYS.integrationToConfirm, null);

/** Bitrix24 install data: a free key/value map (SPEC §3). */
export const readBitrixInstallData = () => readStoredJson(STORED_KEYS.bitrixInstallData, isStringRecord);

export function storeBitrixInstallData(data: Record<string, string>): void {
  if (Object.keys(data).length > 0) writeStoredJson(STORED_KEYS.bitrixInstallData, data);
}

export const clearBitrixInstallData = () => writeStored(STORED_KEYS.bitrixInstallData, null);

/**
 * Where a signed-in user must go while integration data waits (SPEC §2 guard), or null. Re-renders
 * when the stored data changes.
 */
export function usePendingIntegrationPath(): string | null {
  const pending = useStored(STORED_KEYS.integrationToConfirm);
  const bitrix = useStored(STORED_KEYS.bitrixInstallData);
  if (pending !== null) {
    const value = readPendingIntegration();
    if (value) return `/integrations/${value.type}`;
  }
  if (bitrix !== null && readBitrixInstallData()) return '/integrations/bitrix';
  return null;
}
