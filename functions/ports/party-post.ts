/** A request that never got an answer (a kept-alive connection closed under it) is sent once more after this. */
const RESEND_AFTER_MS = 100;

/**
 * POSTs JSON to a PartyKit room's HTTP endpoint with the shared secret the rooms check. A request the
 * network lost is sent once more: publishes and revokes are safe to repeat, and a sign-out must not
 * leave sockets open because a pooled connection was reset.
 */
export async function postToParty(url: string, secret: string, body: unknown): Promise<void> {
  const send = () =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  let response: Response;
  try {
    response = await send();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS));
    response = await send();
  }
  if (!response.ok) throw new Error(`PartyKit answered ${response.status}`);
}
