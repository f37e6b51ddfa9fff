/**
 * RetailCRM (Simla) facts shared by the server and the web app (reference/crm.md §3). An account's
 * address (`systemUrl`) must be one of RetailCRM's own hosts over https: it is where the API key is
 * sent, so a link naming any other host is refused before anything is called.
 */

/** The domains RetailCRM and Simla serve accounts on. */
export const RETAILCRM_DOMAINS = [
  'retailcrm.ru',
  'retailcrm.pro',
  'retailcrm.es',
  'retailcrm.io',
  'simla.com',
  'simla.io',
  'simla.ru',
] as const;

/** The account's address as `https://{host}`, or null when it is not a RetailCRM account's. */
export function retailSystemUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const ours = RETAILCRM_DOMAINS.some((domain) => host.endsWith(`.${domain}`));
  return ours ? `https://${host}` : null;
}
