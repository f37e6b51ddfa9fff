import type { IncomingMessage } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { type FakeServer, sendJson, serveFake } from './serve';

/**
 * A receiver of event webhooks as an integrator writes one with the `standardwebhooks` library
 * (docs/api.md "Event webhooks"): it verifies each request's webhook-id, webhook-timestamp and
 * webhook-signature against the endpoint's `whsec_…` secret and refuses (401) what does not verify
 * — a wrong or missing signature, a timestamp more than five minutes from its clock — and a body
 * that is not JSON (400). A webhook-id it took before is acknowledged and not counted again, the
 * deduplication the specification asks of receivers. A test can make it answer 500 for the next N
 * requests. `now` is its clock (the test's manual clock), the library's own when absent.
 */

export interface ReceivedEvent {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookRequest {
  id: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
  status: number;
}

export interface FakeWebhookReceiver extends FakeServer {
  /** The endpoint URL to register. */
  endpointUrl: string;
  /** Events taken (2xx), each webhook-id once, in arrival order. */
  events: ReceivedEvent[];
  /** Every request, answered or refused. */
  requests: WebhookRequest[];
  /** The next `count` requests are answered 500. */
  failNext(count: number): void;
  /** Verifies with this secret from now on (one the API showed when the endpoint was created). */
  useSecret(secret: string): void;
  /** Every request from now on is answered 500 (until `failNext(0)`). */
  failAlways(): void;
  reset(): void;
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The library's verification, at the receiver's clock: signature and the five-minute tolerance. */
function verify(secret: string, body: string, headers: Record<string, string>, now?: () => Date): unknown {
  const hook = new Webhook(secret);
  if (!now) return hook.verify(body, headers);
  const seconds = Number(headers['webhook-timestamp']);
  if (!Number.isInteger(seconds) || Math.abs(now().getTime() / 1000 - seconds) > 5 * 60)
    throw new WebhookVerificationError('Message timestamp too old or too new');
  // Signed again by the library at the request's own time; a match is what verify() checks.
  const expected = hook.sign(headers['webhook-id'] ?? '', new Date(seconds * 1000), body).split(',')[1];
  const given = (headers['webhook-signature'] ?? '').split(' ').map((part) => part.split(',')[1]);
  if (!expected || !given.includes(expected))
    throw new WebhookVerificationError('No matching signature found');
  return JSON.parse(body);
}

export async function startWebhookReceiver(
  secret: string,
  options: { now?: () => Date; path?: string } = {},
): Promise<FakeWebhookReceiver> {
  const events: ReceivedEvent[] = [];
  const requests: WebhookRequest[] = [];
  const seen = new Set<string>();
  let failing = 0;
  let current = secret;
  const path = options.path ?? '/hooks/onchat';
  const server = await serveFake((request, body, response) => {
    const id = header(request, 'webhook-id');
    const answer = (status: number, value: unknown) => {
      requests.push({ id, headers: request.headers, body, status });
      sendJson(response, status, value);
    };
    if (request.method !== 'POST' || request.url !== path) return answer(404, { error: 'not found' });
    if (failing > 0) {
      failing--;
      return answer(500, { error: 'the receiver is down' });
    }
    const headers = {
      'webhook-id': id ?? '',
      'webhook-timestamp': header(request, 'webhook-timestamp') ?? '',
      'webhook-signature': header(request, 'webhook-signature') ?? '',
    };
    let payload: unknown;
    try {
      payload = verify(current, body, headers, options.now);
    } catch (error) {
      if (error instanceof WebhookVerificationError) return answer(401, { error: error.message });
      return answer(400, { error: 'not JSON' });
    }
    const event = payload as Omit<ReceivedEvent, 'id'>;
    if (!seen.has(headers['webhook-id'])) {
      seen.add(headers['webhook-id']);
      events.push({ id: headers['webhook-id'], ...event });
    }
    answer(200, { ok: true });
  });
  return {
    ...server,
    endpointUrl: `${server.url}${path}`,
    events,
    requests,
    useSecret(next) {
      current = next;
    },
    failNext(count) {
      failing = count;
    },
    failAlways() {
      failing = Number.POSITIVE_INFINITY;
    },
    reset() {
      events.length = 0;
      requests.length = 0;
      seen.clear();
      failing = 0;
    },
  };
}
