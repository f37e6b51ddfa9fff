/**
 * Whether an IP address is one a bot's webhook may reach: public unicast only. Reads the text forms
 * both the URL parser (`[::ffff:7f00:1]` without brackets, `127.0.0.1` for `0x7f.1`) and DNS answers
 * use. Anything it cannot read counts as not public, so a new spelling fails closed.
 */

/** [first address, prefix length] pairs of IPv4 ranges that are not publicly routable (RFC 6890 and on). */
const NON_PUBLIC_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

/** An IPv4 address in dotted decimal as a 32-bit number; null for anything else. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

const IPV4_RANGES = NON_PUBLIC_IPV4.map(([first, bits]) => {
  const start = parseIpv4(first) ?? 0;
  return { start, size: 2 ** (32 - bits) };
});

const publicIpv4 = (value: number): boolean =>
  !IPV4_RANGES.some(({ start, size }) => value >= start && value < start + size);

/** An IPv6 address (compressed, with an IPv4 tail, or with a zone) as its eight 16-bit groups. */
export function parseIpv6(text: string): number[] | null {
  const address = text.toLowerCase().replace(/%.*$/, '');
  if (!/^[0-9a-f:.]+$/.test(address)) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        const v4 = index === pieces.length - 1 ? parseIpv4(piece) : null;
        if (v4 === null) return null;
        groups.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (!head || !tail) return null;
  // An IPv4 tail belongs at the end only.
  if (halves.length === 2 && halves[0]?.includes('.')) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** Whether the first `bits` bits of `groups` equal those of `prefix`. */
function inPrefix(groups: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let index = 0; bits > 0; index++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if (((groups[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

const v4At = (groups: readonly number[], index: number) =>
  (groups[index] ?? 0) * 65536 + (groups[index + 1] ?? 0);

/** IPv6 ranges refused outright: [prefix groups, prefix length]. */
const NON_PUBLIC_IPV6: readonly (readonly [readonly number[], number])[] = [
  [[0, 0, 0, 0, 0xffff, 0], 96], // IPv4-translated (SIIT)
  [[0x64, 0xff9b, 1], 48], // local-use NAT64 (RFC 8215): never globally reachable
  [[0x100, 0, 0, 0], 64], // discard-only
  [[0x2001, 0], 23], // IETF protocol assignments, Teredo (2001::/32) among them
  [[0x2001, 0xdb8], 32], // documentation
  [[0x3fff, 0], 20], // documentation (RFC 9637)
  [[0x5f00], 16], // SRv6 segment identifiers
  [[0xfc00], 7], // unique local
  [[0xfe80], 10], // link-local
  [[0xfec0], 10], // site-local (deprecated)
  [[0xff00], 8], // multicast
];

function publicIpv6(groups: readonly number[]): boolean {
  // ::/96 holds ::, ::1 and the deprecated IPv4-compatible form: none of them is a public peer.
  if (inPrefix(groups, [0, 0, 0, 0, 0, 0], 96)) return false;
  // The forms that carry an IPv4 address are as public as the address they carry.
  if (inPrefix(groups, [0, 0, 0, 0, 0, 0xffff], 96)) return publicIpv4(v4At(groups, 6));
  if (inPrefix(groups, [0x64, 0xff9b, 0, 0, 0, 0], 96)) return publicIpv4(v4At(groups, 6));
  if (inPrefix(groups, [0x2002], 16)) return publicIpv4(v4At(groups, 1));
  if (NON_PUBLIC_IPV6.some(([prefix, bits]) => inPrefix(groups, prefix, bits))) return false;
  // Only 2000::/3 is allocated as global unicast; the rest is reserved.
  return inPrefix(groups, [0x2000], 3);
}

/** Whether `text` (an IPv4 or IPv6 address, IPv6 with or without brackets) is a public address. */
export function isPublicAddress(text: string): boolean {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v4 = parseIpv4(bare);
  if (v4 !== null) return publicIpv4(v4);
  const v6 = parseIpv6(bare);
  return v6 !== null && publicIpv6(v6);
}

/** Whether `text` is written as an IP address at all (rather than a host name). */
export const isIpAddress = (text: string): boolean => {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return parseIpv4(bare) !== null || parseIpv6(bare) !== null;
};
