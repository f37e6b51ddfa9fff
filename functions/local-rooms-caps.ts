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
