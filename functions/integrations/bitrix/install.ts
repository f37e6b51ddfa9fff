import { openTicket, sealTicket, ticketText } from '../../secrets/sealed-ticket';

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

export const sealInstallTicket = (keyText: string, install: BitrixInstall, now: Date): Promise<string> =>
  sealTicket(keyText, LABEL, install, INSTALL_TICKET_TTL_MS, now);

/** The install a ticket holds; null when it is not one of ours, was altered, or expired. */
export async function openInstallTicket(
  keyText: string,
  ticket: string,
  now: Date,
): Promise<BitrixInstall | null> {
  const data = await openTicket(keyText, LABEL, ticket, now);
  if (!data) return null;
  return {
    domain: ticketText(data, 'domain'),
    memberId: ticketText(data, 'memberId'),
    refreshToken: ticketText(data, 'refreshToken'),
    applicationToken: ticketText(data, 'applicationToken'),
  };
}
