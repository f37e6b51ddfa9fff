import { isIpAddress, isPublicAddress } from './ip-address';

/**
 * Which URLs we may call for an account (a bot's webhook, its CRM's address, a portal's endpoint),
 * read from the URL alone. Without `allowPrivate`: only http(s)
 * on ports 80 and 443, no address that is not public (in every spelling the URL parser normalises:
 * `2130706433`, `0x7f.1`, `[::ffff:7f00:1]`), and no host name that only means something inside a
 * network (`localhost.`, `printer.local`, a name without a dot). Where the runtime can resolve names
 * (Node), the guarded fetch then checks every address the name resolves to and connects to the
 * checked one (guarded-fetch-node.ts); Workers cannot, and Cloudflare itself blocks fetches into
 * private networks there.
 */

export type UrlRefusal = 'invalid_url' | 'private_address' | 'port_not_allowed' | 'not_https';

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: UrlRefusal };

/** The ports an account's address may use unless the installation allows private addresses. */
export const PUBLIC_PORTS: readonly string[] = ['', '80', '443'];

const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

/** A host name as DNS reads it: lower case, without the trailing dot(s) of a fully qualified name. */
const bareName = (host: string) => host.toLowerCase().replace(/\.+$/, '');

/** Whether a URL's host (as URL.hostname gives it) may be called from the text alone. */
export function publicHost(host: string): boolean {
  if (isIpAddress(host)) return isPublicAddress(host);
  const name = bareName(host);
  return name.includes('.') && !LOCAL_NAME.test(name);
}

export interface UrlRules {
  /** The installation allows loopback, private addresses, any port and plain http (tests, closed networks). */
  allowPrivate: boolean;
  /** The system behind the address speaks only https (a CRM), so plain http is refused. */
  httpsOnly?: boolean;
}

export function checkOutboundUrl(raw: string, { allowPrivate, httpsOnly = false }: UrlRules): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid_url' };
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !url.hostname ||
    url.username ||
    url.password
  )
    return { ok: false, reason: 'invalid_url' };
  if (allowPrivate) return { ok: true, url };
  if (httpsOnly && url.protocol !== 'https:') return { ok: false, reason: 'not_https' };
  if (!publicHost(url.hostname)) return { ok: false, reason: 'private_address' };
  if (!PUBLIC_PORTS.includes(url.port)) return { ok: false, reason: 'port_not_allowed' };
  return { ok: true, url };
}
