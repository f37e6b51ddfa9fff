/**
 * The rate-limit subject for a client address. One IPv6 customer usually holds a whole /64 (and
 * can pick any address in it), so per-address limits count the /64; an IPv4-mapped IPv6 address
 * (::ffff:1.2.3.4, what a dual-stack socket reports) is the IPv4 client it stands for. Anything
 * that is not an IP address is "unknown", so a strange value cannot mint fresh buckets.
 */
export function addressSubject(address: string | undefined): string {
  const text = (address ?? '')
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  const v4 = ipv4(text);
  if (v4) return v4.join('.');
  const groups = ipv6Groups(text);
  if (!groups) return 'unknown';
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

function ipv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail), or null. */
function ipv6Groups(text: string): number[] | null {
  if (!text.includes(':')) return null;
  let hex = text;
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const bytes = ipv4(tail[1]);
    if (!bytes) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    hex = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = hex.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string | undefined) => (half ? half.split(':') : []);
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const all = [...head, ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const missing = 8 - all.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const zeros: string[] = Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0');
  return [...head, ...zeros, ...rest].map((g) => Number.parseInt(g, 16));
}
