import { asRecord } from '../../shared/as-record';
import type { FetchLike } from '../module';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';
import { waitForSlot } from '../throttle';

/**
 * Calendly's API v2 (reference/messengers.md §4) with a personal access token or an OAuth access
 * token (renewed once on a 401 through `renewToken`) as a Bearer. A refusal
 * is `{title, message, details?}`; a 429 says in `X-RateLimit-Reset` how many seconds the user's
 * window has left (500 calls a minute on paid plans, 50 on free), and a short one is waited out.
 * Resource URIs (`https://api.calendly.com/...`) are ids here: every call goes to the configured base.
 */

export const CALENDLY_PUBLIC_ROOT = 'https://api.calendly.com';

export class CalendlyError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly explanation: string,
    /** From X-RateLimit-Reset on a 429. */
    readonly resetSeconds: number | null = null,
  ) {
    super(`Calendly ${status}: ${explanation}`);
    this.name = 'CalendlyError';
  }
}

export interface CalendlyUser {
  uri: string;
  name: string;
  email?: string;
  timezone: string;
  current_organization: string;
  scheduling_url?: string;
}

export interface CalendlyEventTypeResource {
  uri: string;
  name: string;
  active: boolean;
  duration?: number | null;
  scheduling_url: string;
}

export interface CalendlyAvailableTime {
  status: string;
  invitees_remaining?: number;
  start_time: string;
  scheduling_url: string;
}

export interface CalendlySubscription {
  uri: string;
  callback_url: string;
}

export interface CalendlyClientOptions {
  base: string;
  token: string;
  /** An OAuth token refused with a 401 (expired early, revoked) is renewed once through this. */
  renewToken?: () => Promise<string>;
  /** Whose calls share the budget: the connection. */
  throttleKey: string;
  fetch: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

/** Calls of one token a second from this process: bursts smoothed, the 429s of other processes waited out. */
const REQUESTS_PER_SECOND = 5;
const RATE_LIMIT_RETRIES = 2;
const MAX_PAGES = 10;

function explanationOf(body: Record<string, unknown>, status: number): string {
  const message = typeof body.message === 'string' && body.message ? body.message : `HTTP ${status}`;
  const details = Array.isArray(body.details)
    ? body.details
        .map((item) => {
          const detail = asRecord(item);
          return [detail.parameter, detail.message].filter((part) => typeof part === 'string').join(' ');
        })
        .filter(Boolean)
    : [];
  return details.length > 0 ? `${message} (${details.join('; ')})` : message;
}

/** The body of an answer, or the CalendlyError it stands for. */
export async function calendlyAnswer(response: Response): Promise<Record<string, unknown>> {
  const raw = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = raw ? asRecord(JSON.parse(raw)) : {};
  } catch {
    if (response.ok)
      throw new CalendlyError(502, 'Bad Gateway', 'Calendly answered something that is not JSON');
  }
  if (!response.ok) {
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    throw new CalendlyError(
      response.status,
      typeof body.title === 'string' ? body.title : '',
      explanationOf(body, response.status),
      response.status === 429 && Number.isFinite(reset) && reset >= 0 ? reset : null,
    );
  }
  return body;
}

/** The uuid at the end of a resource URI. */
const uuidOf = (uri: string) => uri.replace(/\/+$/, '').split('/').pop() ?? '';

export function createCalendlyClient(options: CalendlyClientOptions) {
  const sleep = options.sleep ?? realSleep;
  let token = options.token;

  async function send(method: string, path: string, body?: Record<string, unknown>) {
    await waitForSlot(options.throttleKey, REQUESTS_PER_SECOND, sleep);
    return options.fetch(`${options.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  }

  async function once(method: string, path: string, body?: Record<string, unknown>) {
    let response = await send(method, path, body);
    // Calendly did nothing on a 401: with a renewed token the same call is made once more.
    if (response.status === 401 && options.renewToken) {
      await response.body?.cancel();
      token = await options.renewToken();
      response = await send(method, path, body);
    }
    return calendlyAnswer(response);
  }

  const call = (method: string, path: string, body?: Record<string, unknown>) =>
    withRateLimitRetries(() => once(method, path, body), {
      retries: RATE_LIMIT_RETRIES,
      waitOf: (error) =>
        error instanceof CalendlyError && error.status === 429 ? (error.resetSeconds ?? 1) : null,
      sleep,
    });

  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

  return {
    async me(): Promise<CalendlyUser> {
      return asRecord((await call('GET', '/users/me')).resource) as unknown as CalendlyUser;
    },

    /** The user's event types, every page. */
    async eventTypes(userUri: string): Promise<CalendlyEventTypeResource[]> {
      const all: CalendlyEventTypeResource[] = [];
      let token = '';
      for (let page = 0; page < MAX_PAGES; page++) {
        const params: Record<string, string> = { user: userUri, count: '100' };
        if (token) params.page_token = token;
        const body = await call('GET', `/event_types?${query(params)}`);
        if (Array.isArray(body.collection)) all.push(...(body.collection as CalendlyEventTypeResource[]));
        const next = asRecord(body.pagination).next_page_token;
        if (typeof next !== 'string' || !next) break;
        token = next;
      }
      return all;
    },

    /** Free times of an event type in [start, end]: Calendly refuses a start in the past and a long window. */
    async availableTimes(eventType: string, start: Date, end: Date): Promise<CalendlyAvailableTime[]> {
      const body = await call(
        'GET',
        `/event_type_available_times?${query({
          event_type: eventType,
          start_time: start.toISOString(),
          end_time: end.toISOString(),
        })}`,
      );
      return Array.isArray(body.collection) ? (body.collection as CalendlyAvailableTime[]) : [];
    },

    /** A link that books the event type once. */
    async singleUseLink(eventType: string): Promise<string> {
      const body = await call('POST', '/scheduling_links', {
        max_event_count: 1,
        owner: eventType,
        owner_type: 'EventType',
      });
      const url = asRecord(body.resource).booking_url;
      if (typeof url !== 'string' || !url)
        throw new CalendlyError(502, 'Bad Gateway', 'Calendly gave no booking_url');
      return url;
    },

    async subscribe(subscription: {
      url: string;
      events: string[];
      organization: string;
      user: string;
      signingKey: string;
    }): Promise<CalendlySubscription> {
      const body = await call('POST', '/webhook_subscriptions', {
        url: subscription.url,
        events: subscription.events,
        organization: subscription.organization,
        user: subscription.user,
        scope: 'user',
        signing_key: subscription.signingKey,
      });
      return asRecord(body.resource) as unknown as CalendlySubscription;
    },

    async subscriptions(organization: string, user: string): Promise<CalendlySubscription[]> {
      const body = await call(
        'GET',
        `/webhook_subscriptions?${query({ organization, user, scope: 'user', count: '100' })}`,
      );
      return Array.isArray(body.collection) ? (body.collection as CalendlySubscription[]) : [];
    },

    async unsubscribe(uri: string): Promise<void> {
      await call('DELETE', `/webhook_subscriptions/${encodeURIComponent(uuidOf(uri))}`);
    },
  };
}

export type CalendlyClient = ReturnType<typeof createCalendlyClient>;
