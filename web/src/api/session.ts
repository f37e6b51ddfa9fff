import { readStored, STORED_KEYS, useStored, writeStored } from './storage';

/** Login stores the access token locally; logout clears it (SPEC §4). */
export const getToken = () => readStored(STORED_KEYS.token);
export const useToken = () => useStored(STORED_KEYS.token);
export const usePartnerToken = () => useStored(STORED_KEYS.tokenPartner);

export function signIn(token: string): void {
  writeStored(STORED_KEYS.token, token);
}

let explicitSignOut = false;

/** True once after the user signed out on purpose, so the page they left is not remembered. */
export function consumeExplicitSignOut(): boolean {
  const value = explicitSignOut;
  explicitSignOut = false;
  return value;
}

/** Forgets every credential this browser holds, including a partner's own token, and what the session put off. */
export function signOutLocally(options: { explicit?: boolean } = {}): void {
  explicitSignOut = options.explicit ?? false;
  writeStored(STORED_KEYS.tourDeferredFor, null);
  writeStored(STORED_KEYS.tokenPartner, null);
  writeStored(STORED_KEYS.token, null);
}

/**
 * Partner login switch (SPEC §4): the partner's token is kept as tokenPartner and the client's one
 * becomes current. Data hooks key on the token, so everything reloads for the new account.
 */
export function switchToClientAccount(clientToken: string): void {
  const own = getToken();
  if (own) writeStored(STORED_KEYS.tokenPartner, own);
  writeStored(STORED_KEYS.token, clientToken);
}

/** Back to the partner cabinet: the kept partner token becomes current again. */
export function switchBackToPartner(): boolean {
  const partner = readStored(STORED_KEYS.tokenPartner);
  if (!partner) return false;
  writeStored(STORED_KEYS.token, partner);
  writeStored(STORED_KEYS.tokenPartner, null);
  return true;
}
