/** Counts the places taken per key (a client address, a room) and refuses one over the cap. */
export class PlaceCounter {
  private readonly taken = new Map<string, number>();

  constructor(private readonly cap: number) {}

  /** Takes a place for `key`; answers how to give it back (once), or null when the key is full. */
  take(key: string): (() => void) | null {
    const count = this.taken.get(key) ?? 0;
    if (count >= this.cap) return null;
    this.taken.set(key, count + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.taken.get(key) ?? 1) - 1;
      if (left > 0) this.taken.set(key, left);
      else this.taken.delete(key);
    };
  }
}

/**
 * The key a client address is counted under: IPv4 as is (also when IPv4-mapped), IPv6 by its /64,
 * since one subscriber usually holds a whole /64.
 */
export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (!bare.includes(':')) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = bare.includes('::')
    ? Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0')
    : [];
  const groups = [...left, ...zeros, ...right].slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
