import { hmacHex } from '../../shared/hmac-hex';
import { timingSafeEqual } from '../../shared/same-secret';

/**
 * The marketplace's signature of `user_data` (reference/messengers.md §3.3 step 2): HMAC-SHA256 in
 * hex keyed by the partner token, over the decoded JSON (Altegio's documentation) or over the base64
 * text itself (a peer, "confirmed by YCLIENTS support"). Both are accepted, compared in constant time.
 */

/** The decoded `user_data` text, or null when it is not base64 of UTF-8. */
export function decodeUserData(userData: string): string | null {
  try {
    const binary = atob(userData.trim());
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

const bytes = (hex: string) => new TextEncoder().encode(hex.toLowerCase());

export function userDataSigned(userData: string, sign: string, partnerToken: string): boolean {
  const decoded = decodeUserData(userData);
  if (decoded === null) return false;
  const given = bytes(sign.trim());
  // Both are computed and compared whichever matches, so the time says nothing of which did.
  const a = timingSafeEqual(given, bytes(hmacHex(partnerToken, decoded)));
  const b = timingSafeEqual(given, bytes(hmacHex(partnerToken, userData.trim())));
  return a || b;
}

/** The user the marketplace names: who in the salon installed the application. */
export function userOfUserData(userData: string): { id: string | null; name: string | null } {
  const decoded = decodeUserData(userData);
  if (decoded === null) return { id: null, name: null };
  try {
    const value = JSON.parse(decoded) as Record<string, unknown>;
    const id = value.id ?? value.user_id;
    return {
      id: id === undefined || id === null ? null : String(id),
      name: typeof value.name === 'string' ? value.name : null,
    };
  } catch {
    return { id: null, name: null };
  }
}
