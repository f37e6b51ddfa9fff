/**
 * Which addresses a bot's webhook may call. Without `allowPrivate`, loopback, private, link-local
 * (cloud metadata), carrier-grade NAT, multicast and reserved addresses are refused, and so are
 * host names that only mean something inside a network. The check reads the URL, not DNS: Workers
 * cannot resolve names, and Cloudflare itself blocks fetches into private networks there.
 */

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: 'invalid_url' | 'private_address' };

function privateIpv4(host: string): boolean | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const [a = 0, b = 0, c = 0] = match.slice(1).map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

function privateIpv6(host: string): boolean {
  const address = host.toLowerCase();
  if (address === '::' || address === '::1') return true;
  // IPv4-mapped (the URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? '0', 16);
    const low = Number.parseInt(mapped[2] ?? '0', 16);
    return privateIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`) === true;
  }
  return /^(f[cd]|fe[89ab]|ff)/.test(address);
}

const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

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
  const host = url.hostname;
  const isPrivate = host.startsWith('[')
    ? privateIpv6(host.slice(1, -1))
    : (privateIpv4(host) ?? (LOCAL_NAME.test(host) || !host.includes('.')));
  return isPrivate ? { ok: false, reason: 'private_address' } : { ok: true, url };
}
