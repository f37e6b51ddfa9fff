/**
 * A webhook's body as JSON, or as an object of fields when form-encoded (amoCRM's classic
 * webhooks); undefined when unreadable, which the pipeline answers with 400 only after the sender
 * has proven itself.
 */
export async function readWebhookBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  try {
    const text = await request.text();
    if (type.includes('application/x-www-form-urlencoded')) {
      return Object.fromEntries(new URLSearchParams(text));
    }
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
