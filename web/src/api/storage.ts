import { useSyncExternalStore } from 'react';

/** The browser-stored keys of SPEC §9, by their exact names, and the tour's "later" mark. */
export const STORED_KEYS = {
  token: 'token',
  tokenPartner: 'tokenPartner',
  lang: 'lang',
  refId: 'ref_id',
  metrika: 'metrika',
  linkChats: 'linkChats',
  integrationToConfirm: 'integration-to-confirm',
  bitrixInstallData: 'bitrix-install-data',
  /** Which session (a fingerprint of its token) put the onboarding tour off. */
  tourDeferredFor: 'tour-deferred-for',
  /** A confirmation link that came without some of its fields: what the integrations page explains. */
  incompleteIntegrationLink: 'integration-link-incomplete',
} as const;

export type StoredKey = (typeof STORED_KEYS)[keyof typeof STORED_KEYS];

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

// Private mode or a full quota must not break the app: storage failures read as "nothing stored".
export function readStored(key: StoredKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StoredKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // ignored: see readStored
  }
  notify();
}

export function readStoredJson<T>(key: StoredKey, guard: (value: unknown) => value is T): T | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return guard(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export const writeStoredJson = (key: StoredKey, value: unknown) =>
  writeStored(key, value === null ? null : JSON.stringify(value));

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes what this tab may show.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(STORED_KEYS).includes(event.key as StoredKey)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A stored key as React state: components re-render when it changes (here or in another tab). */
export function useStored(key: StoredKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
}

export const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');
