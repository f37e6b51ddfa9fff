import { getToken, useToken } from '../../api/session';
import { STORED_KEYS, useStored, writeStored } from '../../api/storage';

/** A short fingerprint of a session token (FNV-1a), so the mark does not keep a second copy of it. */
function fingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * "Later" on the onboarding tour holds until the next sign-in: the mark names the session it was
 * said in, so a reload keeps the tour away, and a new session (another token) asks again. Signing
 * out clears the mark (api/session.ts).
 */
export function deferTour(): void {
  const token = getToken();
  if (token) writeStored(STORED_KEYS.tourDeferredFor, fingerprint(token));
}

/** Whether the current session has put the tour off. */
export function useTourDeferred(): boolean {
  const token = useToken();
  const deferredFor = useStored(STORED_KEYS.tourDeferredFor);
  return token !== null && deferredFor === fingerprint(token);
}
