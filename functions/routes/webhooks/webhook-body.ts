/**
 * A webhook's body as JSON, or as an object of fields when form-encoded (amoCRM's classic
 * webhooks); undefined when unreadable, which the pipeline answers with 400 only after the sender
 * has proven itself.
 */
export async function readWebhookBody(request: Request): Promise<unknown> {
  return (await readWebhookRequestBody(request)).body;
}

/** The body read as readWebhookBody does, with the text it was read from (for a signature over the bytes). */
export async function readWebhookRequestBody(request: Request): Promise<{ raw: string; body: unknown }> {
  const type = request.headers.get('content-type') ?? '';
  let raw = '';
  try {
    raw = await request.text();
    if (type.includes('application/x-www-form-urlencoded')) {
      return { raw, body: Object.fromEntries(new URLSearchParams(raw)) };
    }
    return { raw, body: JSON.parse(raw) };
  } catch {
    return { raw, body: undefined };
  }
}
