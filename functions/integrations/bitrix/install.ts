import { isSealed, openSecret, sealSecret } from '../../secrets/secret-box';

/**
 * Bitrix24 installing the application (reference/crm.md §2.1): an administrator opens it, and
 * Bitrix24 POSTs the portal's tokens to the application's address: `AUTH_ID`, `REFRESH_ID`,
 * `member_id`, `APPLICATION_TOKEN` in the form, `DOMAIN` in the query; an "API only" application's
 * installation callback and the ONAPPINSTALL event carry the same as `auth[…]`. Nobody is signed in
 * there, so the data waits for the product's user (SPEC §3 Bitrix install data): it is sealed into a
 * ticket only this server can open, which expires, and handed to the browser with the portal's name.
 * Nothing in it is trusted until the OAuth server takes the refresh token (connect.ts).
 */

export interface BitrixInstall {
  domain: string;
  memberId: string;
  refreshToken: string;
  applicationToken: string;
}

/** How long an install waits for its user to confirm. */
export const INSTALL_TICKET_TTL_MS = 24 * 3600_000;
const LABEL = 'bitrix.install';

const DOMAIN = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const TOKEN = /^[A-Za-z0-9._-]{8,512}$/;

/** The install read from the POST's form and query; null when it is not one. */
export function readBitrixInstall(
  form: Record<string, unknown>,
  query: (name: string) => string | undefined,
): BitrixInstall | null {
  const field = (...names: string[]) => {
    for (const name of names) {
      const value = form[name] ?? query(name);
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
    return '';
  };
  const install = {
    domain: field('DOMAIN', 'auth[domain]').toLowerCase(),
    memberId: field('member_id', 'auth[member_id]'),
    refreshToken: field('REFRESH_ID', 'auth[refresh_token]'),
    applicationToken: field('APPLICATION_TOKEN', 'auth[application_token]'),
  };
  if (!DOMAIN.test(install.domain) || !/^[a-z0-9]{8,64}$/i.test(install.memberId)) return null;
  if (!TOKEN.test(install.refreshToken)) return null;
  if (install.applicationToken && !TOKEN.test(install.applicationToken)) return null;
  return install;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (text: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0)),
  );

export async function sealInstallTicket(keyText: string, install: BitrixInstall, now: Date): Promise<string> {
  const plain = JSON.stringify({ ...install, expiresAt: now.getTime() + INSTALL_TICKET_TTL_MS });
  return toBase64Url(JSON.stringify(await sealSecret(keyText, LABEL, plain)));
}

/** The install a ticket holds; null when it is not one of ours, was altered, or expired. */
export async function openInstallTicket(
  keyText: string,
  ticket: string,
  now: Date,
): Promise<BitrixInstall | null> {
  try {
    const sealed: unknown = JSON.parse(fromBase64Url(ticket));
    if (!isSealed(sealed)) return null;
    const data = JSON.parse(await openSecret(keyText, LABEL, sealed)) as BitrixInstall & {
      expiresAt: number;
    };
    if (typeof data.expiresAt !== 'number' || data.expiresAt < now.getTime()) return null;
    return {
      domain: data.domain,
      memberId: data.memberId,
      refreshToken: data.refreshToken,
      applicationToken: data.applicationToken,
    };
  } catch {
    return null;
  }
}
