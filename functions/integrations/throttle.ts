/**
 * Keeps one key's requests under `perSecond` in any second (or `perWindow` in `windowMs`), within
 * this process (an isolate in production): a caller waits for the oldest of the last ones to leave
 * the window. Other processes may still push the account over; the client waits out their 429.
 */
const recent = new Map<string, number[]>();

/**
 * The second counted, with a margin: requests sent a second apart may arrive closer together when
 * the network delays one more than the other, and the system counts arrivals.
 */
const WINDOW_MS = 1200;

export async function waitForSlot(
  key: string,
  perSecond: number,
  sleep: (ms: number) => Promise<void>,
  windowMs = WINDOW_MS,
): Promise<void> {
  for (;;) {
    const now = Date.now();
    const times = (recent.get(key) ?? []).filter((time) => now - time < windowMs);
    if (times.length < perSecond) {
      times.push(now);
      recent.set(key, times);
      return;
    }
    recent.set(key, times);
    await sleep(windowMs - (now - (times[0] ?? now)) + 1);
  }
}
