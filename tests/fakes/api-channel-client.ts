import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake client system of the API channel (README "API channel"): an aggregator or a business's
 * own system. It plays both sides of the contract:
 * - it POSTs its customers' and operators' messages to the product's webhook
 *   (`/api/webhooks/api_channel/{id}`), signed `X-Signature: sha256=<hex>` over the body's bytes
 *   with the integration's secret, as the README's openssl example does;
 * - it takes the product's callbacks at `callbackUrl`, and, as a careful integrator would, refuses
 *   (401) one whose signature is missing or wrong, one without an `event_id` (400), and a body that
 *   is not JSON (400); an event id seen before is acknowledged and not counted again.
 * A test can make it answer 5xx, a 4xx, or not at all (a timeout) for the next callbacks, to
 * exercise the product's retries and dead letters.
 */

export interface CallbackEvent {
  event: string;
  event_id: string;
  integration_id: string;
  chat_id: string;
  message?: {
    id: string;
    author: string;
    text: string;
    attachments: { url: string; name: string; content_type: string }[];
    created_at: string;
  };
  stopped_by?: string;
  state?: string;
  [key: string]: unknown;
}

/** One callback request as it arrived, and what the fake answered (null: it never answered). */
export interface CallbackRequest {
  headers: IncomingMessage['headers'];
  body: string;
  status: number | null;
}

/** How the next callbacks are answered. */
export type Answer = { kind: 'ok' } | { kind: 'status'; status: number } | { kind: 'hang' };

export interface OutgoingMessage {
  chat_id: string;
  message_id?: string;
  author?: 'customer' | 'operator';
  text?: string;
  customer?: { name?: string | null; phone?: string | null; username?: string | null } | null;
  attachments?: { url: string; name?: string; content_type?: string }[];
  [key: string]: unknown;
}

/** How the client's webhook requests reach the product: in-process (app.request) or a real fetch. */
export type Deliver = (path: string, init: RequestInit) => Promise<Response>;

export const signBody = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

export class FakeApiChannelClient {
  /** The callbacks this client accepted, each event id once, in arrival order. */
  readonly events: CallbackEvent[] = [];
  /** Every callback request, accepted or not. */
  readonly requests: CallbackRequest[] = [];
  /** Callbacks refused for their signature. */
  readonly forged: CallbackRequest[] = [];
  /** The secret of each integration, as its page showed it. */
  private readonly secrets = new Map<string, string>();
  private readonly answers: Answer[] = [];
  private always: Answer = { kind: 'ok' };
  private readonly hanging = new Set<ServerResponse>();
  private server: FakeServer | null = null;

  constructor(private readonly deliver: Deliver) {}

  async start(): Promise<this> {
    this.server = await serveFake((request, body, response) => this.handle(request, body, response));
    return this;
  }

  get callbackUrl(): string {
    if (!this.server) throw new Error('the fake client is not started');
    return `${this.server.url}/callbacks`;
  }

  /** The secret integration `integrationId`'s page showed the integrator. */
  trustSecret(integrationId: string, secret: string): void {
    this.secrets.set(integrationId, secret);
  }

  /** The next callbacks get these answers, one each; then `always`. */
  answerNext(...answers: Answer[]): void {
    this.answers.push(...answers);
  }

  /** How callbacks are answered once the queued answers are used. */
  answerAlways(answer: Answer): void {
    this.always = answer;
  }

  /** Texts of the `message` events for `chat`, in order. */
  textsTo(chat: string): string[] {
    return this.events
      .filter((event) => event.event === 'message' && event.chat_id === chat)
      .map((event) => event.message?.text ?? '');
  }

  eventsOf(chat: string): CallbackEvent[] {
    return this.events.filter((event) => event.chat_id === chat);
  }

  /** Posts `message` to integration `integrationId`, signed with the secret (or as `options` say). */
  send(
    integrationId: string,
    message: OutgoingMessage,
    options: { secret?: string; signature?: string | null; raw?: string } = {},
  ): Promise<Response> {
    const body =
      options.raw ??
      JSON.stringify({ message_id: randomUUID(), author: 'customer', ...message } satisfies OutgoingMessage);
    const secret = options.secret ?? this.secrets.get(integrationId);
    const signature =
      options.signature === undefined ? (secret ? signBody(secret, body) : null) : options.signature;
    return this.deliver(`/api/webhooks/api_channel/${integrationId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-signature': signature }),
      },
      body,
    });
  }

  private handle(request: IncomingMessage, body: string, response: ServerResponse) {
    const seen: CallbackRequest = { headers: request.headers, body, status: null };
    this.requests.push(seen);
    const answer = (status: number, value: unknown) => {
      seen.status = status;
      sendJson(response, status, value);
    };
    if (request.method !== 'POST' || request.url !== '/callbacks') return answer(404, { error: 'not found' });
    let event: CallbackEvent;
    try {
      event = JSON.parse(body) as CallbackEvent;
    } catch {
      return answer(400, { error: 'not JSON' });
    }
    // The body names the integration; its secret checks the bytes as they came.
    const secret = this.secrets.get(String(event.integration_id));
    const given = String(request.headers['x-signature'] ?? '');
    const expected = secret ? signBody(secret, body) : '';
    if (
      !expected ||
      given.length !== expected.length ||
      !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    ) {
      this.forged.push(seen);
      return answer(401, { error: 'bad signature' });
    }
    if (typeof event.event_id !== 'string' || event.event_id === '')
      return answer(400, { error: 'no event_id' });
    const next = this.answers.shift() ?? this.always;
    if (next.kind === 'hang') {
      this.hanging.add(response);
      return;
    }
    if (next.kind === 'status') return answer(next.status, { error: `answering ${next.status}` });
    if (!this.events.some((known) => known.event_id === event.event_id)) this.events.push(event);
    answer(200, { ok: true });
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    await this.server?.close();
  }
}

export async function startFakeApiChannelClient(deliver: Deliver): Promise<FakeApiChannelClient> {
  return new FakeApiChannelClient(deliver).start();
}
