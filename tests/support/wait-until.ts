/**
 * Waits until `done()` holds, looking every 20 ms, for at most `timeoutMs`; then returns either way,
 * and the caller's assertion says what did not happen.
 */
export async function waitUntil(done: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}
