/** Who the YCLIENTS / Altegio marketplace says installed the application, as far as `user_data` tells. */
export interface SalonUser {
  name: string | null;
  email: string | null;
  phone: string | null;
  salonName: string | null;
}

const NOBODY: SalonUser = { name: null, email: null, phone: null, salonName: null };

const text = (value: unknown) => {
  const found = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return found === '' ? null : found.slice(0, 200);
};

/**
 * `user_data` is base64 (standard or URL-safe, padding optional) of UTF-8 JSON {id, name, email,
 * phone, salon_name?} (reference/messengers.md §3.3). Only shown to the owner, never trusted: the
 * server checks the signature. Anything that does not decode reads as nobody.
 */
export function readSalonUser(userData: string): SalonUser {
  try {
    const base64 = userData.trim().replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return NOBODY;
    const data = value as Record<string, unknown>;
    return {
      name: text(data.name),
      email: text(data.email),
      phone: text(data.phone),
      salonName: text(data.salon_name),
    };
  } catch {
    return NOBODY;
  }
}
