import { bearer, type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake of a Resend-style e-mail API: `POST /emails` with `Authorization: Bearer {key}` and
 * `{from, to, subject, text|html}` answers `{id}`; a bad key 401, a bad body 422, as Resend does.
 * What it accepted is listed by `GET /messages` (optionally `?to=address`), newest last.
 */

export interface ReceivedMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface FakeMailApi extends FakeServer {
  /** The endpoint to configure as MAIL_API_URL. */
  endpoint: string;
  messages: ReceivedMail[];
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function parseMail(body: string): Omit<ReceivedMail, 'id'> | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'The body must be JSON';
  }
  if (typeof value !== 'object' || value === null) return 'The body must be an object';
  const { from, to, subject, text, html } = value as Record<string, unknown>;
  const recipients = typeof to === 'string' ? [to] : to;
  if (!isText(from)) return 'Missing `from` field';
  if (!Array.isArray(recipients) || recipients.length === 0 || !recipients.every(isText)) {
    return 'Missing `to` field';
  }
  if (!isText(subject)) return 'Missing `subject` field';
  if (!isText(text) && !isText(html)) return 'Missing `text` or `html` field';
  return { from, to: recipients, subject, text: isText(text) ? text : String(html) };
}

export async function startFakeMailApi(apiKey: string): Promise<FakeMailApi> {
  const messages: ReceivedMail[] = [];
  const server = await serveFake((request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to');
      return sendJson(response, 200, {
        messages: to ? messages.filter((message) => message.to.includes(to)) : messages,
      });
    }
    if (request.method !== 'POST' || url.pathname !== '/emails') {
      return sendJson(response, 404, { statusCode: 404, name: 'not_found', message: 'Not found' });
    }
    if (bearer(request) !== apiKey) {
      return sendJson(response, 401, {
        statusCode: 401,
        name: 'missing_api_key',
        message: 'Invalid API key',
      });
    }
    const mail = parseMail(body);
    if (typeof mail === 'string') {
      return sendJson(response, 422, { statusCode: 422, name: 'validation_error', message: mail });
    }
    const id = crypto.randomUUID();
    messages.push({ id, ...mail });
    return sendJson(response, 200, { id });
  });
  return { ...server, endpoint: `${server.url}/emails`, messages };
}
