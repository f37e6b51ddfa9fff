/**
 * AlfaCRM's account address as the owner types it (reference/crm.md §4): the host of their CRM,
 * `demo.s20.online`; a bare name is AlfaCRM's own cloud (`demo` → `demo.s20.online`); a pasted
 * address loses its scheme and path. Shared by the settings form and the server.
 */

const CLOUD_DOMAIN = 's20.online';
const HOST_PATTERN =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The host of an AlfaCRM account, or null when the text is not one. */
export function alfaHostname(typed: string): string | null {
  const host = typed
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
  if (!HOST_PATTERN.test(host)) return null;
  return host.includes('.') ? host : `${host}.${CLOUD_DOMAIN}`;
}

/** The branch (филиал) id: a positive whole number. */
export const ALFA_BRANCH_PATTERN = /^[1-9]\d{0,8}$/;

/** An API key as AlfaCRM shows it in the user's profile: letters, digits and dashes. */
export const ALFA_API_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
