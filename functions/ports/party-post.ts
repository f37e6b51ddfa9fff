/** POSTs JSON to a PartyKit room's HTTP endpoint with the shared secret the rooms check. */
export async function postToParty(url: string, secret: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`PartyKit answered ${response.status}`);
}
