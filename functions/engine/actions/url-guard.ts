import { isIpAddress, isPublicAddress } from './ip-address';

/**
 * Which URLs a bot's webhook may call, read from the URL alone. Without `allowPrivate`: only http(s)
 * on ports 80 and 443, no address that is not public (in every spelling the URL parser normalises:
 * `2130706433`, `0x7f.1`, `[::ffff:7f00:1]`), and no host name that only means something inside a
 * network (`localhost.`, `printer.local`, a name without a dot). Where the runtime can resolve names
 * (Node), the webhook fetch then checks every address the name resolves to and connects to the
 * checked one (functions/local-webhook-fetch.ts); Workers cannot, and Cloudflare itself blocks
 * fetches into private networks there.
 */

export type UrlRefusal = 'invalid_url' | 'private_address' | 'port_not_allowed';

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: UrlRefusal };

/** The ports a webhook may use unless the installation allows private webhooks. */
export const WEBHOOK_PORTS: readonly string[] = ['', '80', '443'];

const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

/** A host name as DNS reads it: lower case, without the trailing dot(s) of a fully qualified name. */
const bareName = (host: string) => host.toLowerCase().replace(/\.+$/, '');

/** Whether a URL's host (as URL.hostname gives it) may be called from the text alone. */
export function publicHost(host: string): boolean {
  if (isIpAddress(host)) return isPublicAddress(host);
  const name = bareName(host);
  return name.includes('.') && !LOCAL_NAME.test(name);
}

export function checkWebhookUrl(raw: string, allowPrivate: boolean): UrlCheck {
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
  if (!publicHost(url.hostname)) return { ok: false, reason: 'private_address' };
  if (!WEBHOOK_PORTS.includes(url.port)) return { ok: false, reason: 'port_not_allowed' };
  return { ok: true, url };
}
