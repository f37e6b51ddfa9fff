import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { calendlyOAuth } from './calendly-oauth';
import { bearer, serveFake } from './serve';

/**
 * A fake Calendly API v2 (reference/messengers.md §4; developer.calendly.com). Wire rules it enforces:
 * - `Authorization: Bearer <token>`; an unknown token is 401 with Calendly's error body
 *   `{title, message, details?}`. Every answer carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`
 *   (seconds until the window ends); more than `rateLimit` calls of one user in the window is 429.
 * - `GET /users/me`, `GET /event_types?user=` (another user's list is 403; `count`, `page_token`
 *   and a `pagination` object), `GET /event_type_available_times?event_type=&start_time=&end_time=`:
 *   a start in the past, an end not after the start, or a window longer than `maxWindowDays` is 400;
 *   an unknown event type 404. Free times follow `schedule` in the user's zone, minus taken ones,
 *   each with its own `scheduling_url`.
 * - `POST /scheduling_links` `{max_event_count: 1, owner, owner_type: 'EventType'}` → 201; the link
 *   books once (`book`), then it is used up.
 * - `POST /webhook_subscriptions` (403 on a free plan, 409 for a URL the user already has),
 *   `GET /webhook_subscriptions?organization=&scope=&user=`, `DELETE /webhook_subscriptions/{uuid}`.
 * - Test side: `book(url, invitee)` takes the time a slot URL names (or the first free one for a
 *   single-use link) and posts `invitee.created` to the user's subscriptions, signed
 *   `Calendly-Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256(signing_key, "<t>.<body>")>`, with
 *   `tracking.utm_content` from the URL's `utm_content`; `cancel(inviteeUri)` posts `invitee.canceled`.
 * Resource URIs are Calendly's own (`https://api.calendly.com/...`): a client must not fetch them.
 * The same server plays auth.calendly.com (calendly-oauth.ts: the consent page, `/oauth/token`,
 * rotating refresh tokens); the API takes its access tokens as well as the personal one, and an
 * expired one (2 hours on the fake's clock) is 401.
 */

export const CALENDLY_URI = 'https://api.calendly.com';

export interface FakeCalendlyOptions {
  token?: string;
  plan?: 'paid' | 'free';
  timeZone?: string;
  /** The longest window event_type_available_times accepts, in days (7; Calendly now takes 31). */
  maxWindowDays?: number;
  /** Calls per user per window (500 a minute on paid plans). */
  rateLimit?: number;
  rateWindowSeconds?: number;
  /** Bookable hours in the user's zone: [fromHour, toHour) every `stepMinutes` on `weekdays` (0 = Sunday). */
  schedule?: { fromHour: number; toHour: number; stepMinutes: number; weekdays: number[] };
  /** The fake's clock ("in the past" is judged by it; access tokens expire by it). */
  now?: () => Date;
  /** The OAuth application registered with the fake's auth host. */
  oauthClient?: { id: string; secret: string };
}

interface EventType {
  uri: string;
  name: string;
  slug: string;
  duration: number;
  active: boolean;
  scheduling_url: string;
}

interface Subscription {
  uuid: string;
  url: string;
  events: string[];
  scope: string;
  organization: string;
  user: string;
  signingKey: string | null;
  createdAt: string;
}

export interface FakeInvitee {
  uri: string;
  name: string;
  email: string;
  status: 'active' | 'canceled';
  eventType: EventType;
  eventUri: string;
  start: Date;
  utmContent: string | null;
}

export interface WebhookDeliveryRecord {
  url: string;
  body: string;
  signingKey: string | null;
  status: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Calendly's ISO form: microseconds, Z. */
const calendlyIso = (at: Date) => at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

/** The UTC instant of a wall-clock time in `timeZone`. */
function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  const offsetAt = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date(at));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - at;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

export type FakeCalendly = Awaited<ReturnType<typeof startFakeCalendly>>;

export async function startFakeCalendly(options: FakeCalendlyOptions = {}) {
  const token = options.token ?? 'calendly-pat-0123456789abcdef';
  const timeZone = options.timeZone ?? 'Europe/Moscow';
  const schedule = options.schedule ?? {
    fromHour: 10,
    toHour: 18,
    stepMinutes: 60,
    weekdays: [1, 2, 3, 4, 5],
  };
  const now = options.now ?? (() => new Date());
  const userUuid = randomUUID();
  const user = {
    uri: `${CALENDLY_URI}/users/${userUuid}`,
    name: 'Анна Петрова',
    slug: 'anna-petrova',
    email: 'anna@clinic.example',
    scheduling_url: 'https://calendly.com/anna-petrova',
    timezone: timeZone,
    avatar_url: null,
    created_at: '2024-01-01T00:00:00.000000Z',
    updated_at: '2024-01-01T00:00:00.000000Z',
    current_organization: `${CALENDLY_URI}/organizations/${randomUUID()}`,
    resource_type: 'User',
    locale: 'en',
  };
  const oauth = calendlyOAuth({
    client: options.oauthClient ?? { id: 'calendly-client-id', secret: 'calendly-client-secret-0123456789' },
    user,
    now,
  });
  const eventType = (name: string, slug: string, duration: number, active = true): EventType => ({
    uri: `${CALENDLY_URI}/event_types/${randomUUID()}`,
    name,
    slug,
    duration,
    active,
    scheduling_url: `https://calendly.com/${user.slug}/${slug}`,
  });

  const state = {
    plan: options.plan ?? 'paid',
    maxWindowDays: options.maxWindowDays ?? 7,
    rateLimit: options.rateLimit ?? 500,
    rateWindowSeconds: options.rateWindowSeconds ?? 60,
    eventTypes: [
      eventType('Консультация', 'consultation', 60),
      eventType('Первичный приём', 'first-visit', 30),
      eventType('Архивная встреча', 'old', 30, false),
    ],
    requests: [] as { method: string; path: string; query: string; status: number }[],
    availabilityCalls: [] as { event_type: string; start_time: string; end_time: string; status: number }[],
    links: new Map<string, { owner: EventType; used: number }>(),
    subscriptions: new Map<string, Subscription>(),
    invitees: new Map<string, FakeInvitee>(),
    deliveries: [] as WebhookDeliveryRecord[],
    window: { started: 0, count: 0 },
  };

  const taken = () =>
    new Set([...state.invitees.values()].filter((i) => i.status === 'active').map((i) => i.start.getTime()));

  /** The free starts of an event type between `from` and `to`, by the schedule in the user's zone. */
  function freeStarts(from: Date, to: Date): Date[] {
    const busy = taken();
    const starts: Date[] = [];
    for (
      let day = new Date(from.getTime() - 86_400_000);
      day <= to;
      day = new Date(day.getTime() + 86_400_000)
    ) {
      const date = localDay(day, timeZone);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (!schedule.weekdays.includes(weekday)) continue;
      for (let m = schedule.fromHour * 60; m < schedule.toHour * 60; m += schedule.stepMinutes) {
        const at = zonedInstant(date, m, timeZone);
        if (at >= from && at <= to && !busy.has(at.getTime())) starts.push(at);
      }
    }
    return [...new Map(starts.map((at) => [at.getTime(), at])).values()].sort(
      (a, b) => a.getTime() - b.getTime(),
    );
  }

  const slotUrl = (type: EventType, at: Date) => {
    const iso = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const date = localDay(at, timeZone);
    return `${type.scheduling_url}/${iso}?month=${date.slice(0, 7)}&date=${date}`;
  };

  const error = (title: string, message: string, details?: { parameter: string; message: string }[]) => ({
    title,
    message,
    ...(details ? { details } : {}),
  });
  const invalid = (parameter: string, message: string) =>
    error('Invalid Argument', 'The supplied parameters are invalid.', [{ parameter, message }]);
  const NOT_FOUND = error('Resource Not Found', 'The server could not find the requested resource.');

  function rateHeaders(limited: boolean) {
    const nowMs = now().getTime();
    if (nowMs - state.window.started >= state.rateWindowSeconds * 1000)
      state.window = { started: nowMs, count: 0 };
    if (!limited) state.window.count++;
    const reset = Math.max(
      1,
      Math.ceil((state.window.started + state.rateWindowSeconds * 1000 - nowMs) / 1000),
    );
    return {
      'X-RateLimit-Limit': String(state.rateLimit),
      'X-RateLimit-Remaining': String(Math.max(0, state.rateLimit - state.window.count)),
      'X-RateLimit-Reset': String(reset),
    };
  }

  function availableTimes(query: URLSearchParams) {
    const type = state.eventTypes.find((item) => item.uri === query.get('event_type'));
    const startText = query.get('start_time');
    const endText = query.get('end_time');
    if (!query.get('event_type')) return { status: 400, body: invalid('event_type', 'is required') };
    if (!startText) return { status: 400, body: invalid('start_time', 'is required') };
    if (!endText) return { status: 400, body: invalid('end_time', 'is required') };
    const start = new Date(startText);
    const end = new Date(endText);
    if (Number.isNaN(start.getTime()))
      return { status: 400, body: invalid('start_time', 'is not a valid time') };
    if (Number.isNaN(end.getTime())) return { status: 400, body: invalid('end_time', 'is not a valid time') };
    if (start < now()) return { status: 400, body: invalid('start_time', 'must be in the future') };
    if (end <= start) return { status: 400, body: invalid('end_time', 'must be after start_time') };
    if (end.getTime() - start.getTime() > state.maxWindowDays * 86_400_000) {
      return {
        status: 400,
        body: invalid('end_time', `date range can be no greater than ${state.maxWindowDays} days`),
      };
    }
    if (!type) return { status: 404, body: NOT_FOUND };
    const collection = freeStarts(start, end).map((at) => ({
      status: 'available',
      invitees_remaining: 1,
      start_time: calendlyIso(at),
      scheduling_url: slotUrl(type, at),
    }));
    return { status: 200, body: { collection } };
  }

  function eventTypes(query: URLSearchParams) {
    const owner = query.get('user');
    if (!owner && !query.get('organization'))
      return { status: 400, body: invalid('user', 'user or organization is required') };
    if (owner && owner !== user.uri)
      return { status: 403, body: error('Permission Denied', 'You do not have permission') };
    if (!owner && query.get('organization') !== user.current_organization)
      return { status: 403, body: error('Permission Denied', 'You do not have permission') };
    const count = Number(query.get('count') ?? 20);
    if (!Number.isInteger(count) || count < 1 || count > 100)
      return { status: 400, body: invalid('count', 'must be 1..100') };
    const offset = Number(query.get('page_token') ?? 0) || 0;
    const page = state.eventTypes.slice(offset, offset + count);
    const next = offset + count < state.eventTypes.length ? String(offset + count) : null;
    return {
      status: 200,
      body: {
        collection: page.map((type) => ({
          ...type,
          kind: 'solo',
          type: 'StandardEventType',
          pooling_type: null,
          profile: { type: 'User', name: user.name, owner: user.uri },
          color: '#8247f5',
          created_at: user.created_at,
          updated_at: user.updated_at,
        })),
        pagination: {
          count: page.length,
          next_page: next
            ? `${CALENDLY_URI}/event_types?user=${encodeURIComponent(user.uri)}&count=${count}&page_token=${next}`
            : null,
          previous_page: null,
          next_page_token: next,
          previous_page_token: null,
        },
      },
    };
  }

  function schedulingLink(body: Record<string, unknown>) {
    if (body.max_event_count !== 1) return { status: 400, body: invalid('max_event_count', 'must be 1') };
    if (body.owner_type !== 'EventType')
      return { status: 400, body: invalid('owner_type', 'must be EventType') };
    if (typeof body.owner !== 'string') return { status: 400, body: invalid('owner', 'is required') };
    const owner = state.eventTypes.find((type) => type.uri === body.owner);
    if (!owner) return { status: 404, body: NOT_FOUND };
    const code = randomUUID().slice(0, 8);
    const bookingUrl = `https://calendly.com/d/${code}/${owner.slug}`;
    state.links.set(bookingUrl, { owner, used: 0 });
    return {
      status: 201,
      body: { resource: { booking_url: bookingUrl, owner: owner.uri, owner_type: 'EventType' } },
    };
  }

  const subscriptionView = (s: Subscription) => ({
    uri: `${CALENDLY_URI}/webhook_subscriptions/${s.uuid}`,
    callback_url: s.url,
    created_at: s.createdAt,
    updated_at: s.createdAt,
    retry_started_at: null,
    state: 'active',
    events: s.events,
    scope: s.scope,
    organization: s.organization,
    user: s.user,
    creator: user.uri,
  });

  const KNOWN_EVENTS = [
    'invitee.created',
    'invitee.canceled',
    'invitee_no_show.created',
    'routing_form_submission.created',
  ];

  function subscribe(body: Record<string, unknown>) {
    if (state.plan === 'free') {
      return {
        status: 403,
        body: error('Permission Denied', 'Please upgrade your Calendly account to Standard'),
      };
    }
    const { url, events, organization, scope } = body;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url))
      return { status: 400, body: invalid('url', 'is invalid') };
    if (
      !Array.isArray(events) ||
      events.length === 0 ||
      !events.every((e) => KNOWN_EVENTS.includes(String(e)))
    )
      return { status: 400, body: invalid('events', 'is invalid') };
    if (organization !== user.current_organization)
      return { status: 400, body: invalid('organization', 'is invalid') };
    if (scope !== 'user' && scope !== 'organization')
      return { status: 400, body: invalid('scope', 'is invalid') };
    if (scope === 'user' && body.user !== user.uri)
      return { status: 400, body: invalid('user', 'is invalid') };
    if ([...state.subscriptions.values()].some((s) => s.url === url)) {
      return { status: 409, body: error('Already Exists', 'Hook with this url already exists') };
    }
    const s: Subscription = {
      uuid: randomUUID(),
      url,
      events: events.map(String),
      scope,
      organization,
      user: user.uri,
      signingKey: typeof body.signing_key === 'string' ? body.signing_key : null,
      createdAt: calendlyIso(now()),
    };
    state.subscriptions.set(s.uuid, s);
    return { status: 201, body: { resource: subscriptionView(s) } };
  }

  function handle(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      state.requests.push({ method, path: url.pathname, query: url.search, status });
      if (status === 204) {
        response.writeHead(204, headers);
        response.end();
        return;
      }
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (oauth.handle(request, raw, response, url)) return;
    const given = bearer(request) ?? '';
    const oauthToken = oauth.accessToken(given);
    if (given !== token && oauthToken !== 'valid') {
      const why = oauthToken === 'expired' ? 'The access token expired' : 'The access token is invalid';
      return answer(401, error('Unauthenticated', why));
    }
    const limited =
      state.window.count >= state.rateLimit &&
      now().getTime() - state.window.started < state.rateWindowSeconds * 1000;
    const headers = rateHeaders(limited);
    if (limited) {
      return answer(429, error('Too Many Requests', 'Rate limit exceeded'), headers);
    }
    let body: Record<string, unknown> = {};
    if (method === 'POST') {
      try {
        const parsed: unknown = JSON.parse(raw || 'null');
        if (!isRecord(parsed)) throw new Error('not an object');
        body = parsed;
      } catch {
        return answer(400, error('Invalid Argument', 'The request body is not valid JSON'), headers);
      }
    }
    const route = `${method} ${url.pathname}`;
    const send = (result: { status: number; body: unknown }) => answer(result.status, result.body, headers);
    if (route === 'GET /users/me') return send({ status: 200, body: { resource: user } });
    if (route === 'GET /event_types') return send(eventTypes(url.searchParams));
    if (route === 'GET /event_type_available_times') {
      const result = availableTimes(url.searchParams);
      state.availabilityCalls.push({
        event_type: url.searchParams.get('event_type') ?? '',
        start_time: url.searchParams.get('start_time') ?? '',
        end_time: url.searchParams.get('end_time') ?? '',
        status: result.status,
      });
      return send(result);
    }
    if (route === 'POST /scheduling_links') return send(schedulingLink(body));
    if (route === 'POST /webhook_subscriptions') return send(subscribe(body));
    if (route === 'GET /webhook_subscriptions') {
      if (!url.searchParams.get('organization') || !url.searchParams.get('scope'))
        return send({ status: 400, body: invalid('organization', 'organization and scope are required') });
      const collection = [...state.subscriptions.values()].map(subscriptionView);
      return send({
        status: 200,
        body: {
          collection,
          pagination: {
            count: collection.length,
            next_page: null,
            previous_page: null,
            next_page_token: null,
            previous_page_token: null,
          },
        },
      });
    }
    const hook = /^\/webhook_subscriptions\/([^/]+)$/.exec(url.pathname);
    if (hook && method === 'DELETE') {
      if (!state.subscriptions.delete(hook[1] ?? '')) return send({ status: 404, body: NOT_FOUND });
      return answer(204, null, headers);
    }
    return send({ status: 404, body: NOT_FOUND });
  }

  const server = await serveFake(handle);

  async function deliver(record: Omit<WebhookDeliveryRecord, 'status'>): Promise<number> {
    const t = Math.floor(now().getTime() / 1000);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (record.signingKey) {
      const v1 = createHmac('sha256', record.signingKey).update(`${t}.${record.body}`).digest('hex');
      headers['Calendly-Webhook-Signature'] = `t=${t},v1=${v1}`;
    }
    const response = await fetch(record.url, { method: 'POST', headers, body: record.body });
    await response.text();
    state.deliveries.push({ ...record, status: response.status });
    return response.status;
  }

  async function notify(
    event: 'invitee.created' | 'invitee.canceled',
    invitee: FakeInvitee,
  ): Promise<number[]> {
    const at = calendlyIso(now());
    const body = JSON.stringify({
      event,
      created_at: at,
      created_by: user.uri,
      payload: {
        uri: invitee.uri,
        email: invitee.email,
        name: invitee.name,
        first_name: null,
        last_name: null,
        status: invitee.status,
        timezone: timeZone,
        event: invitee.eventUri,
        scheduled_event: {
          uri: invitee.eventUri,
          name: invitee.eventType.name,
          status: invitee.status,
          start_time: calendlyIso(invitee.start),
          end_time: calendlyIso(new Date(invitee.start.getTime() + invitee.eventType.duration * 60_000)),
          event_type: invitee.eventType.uri,
          event_memberships: [{ user: user.uri, user_email: user.email, user_name: user.name }],
        },
        tracking: {
          utm_campaign: null,
          utm_source: null,
          utm_medium: null,
          utm_content: invitee.utmContent,
          utm_term: null,
          salesforce_uuid: null,
        },
        questions_and_answers: [],
        rescheduled: false,
        cancel_url: `https://calendly.com/cancellations/${invitee.uri.split('/').pop()}`,
        reschedule_url: `https://calendly.com/reschedulings/${invitee.uri.split('/').pop()}`,
        ...(event === 'invitee.canceled'
          ? {
              cancellation: {
                canceled_by: invitee.name,
                reason: null,
                canceler_type: 'invitee',
                created_at: at,
              },
            }
          : {}),
        created_at: at,
        updated_at: at,
      },
    });
    const targets = [...state.subscriptions.values()].filter((s) => s.events.includes(event));
    const statuses: number[] = [];
    for (const s of targets) statuses.push(await deliver({ url: s.url, body, signingKey: s.signingKey }));
    return statuses;
  }

  /** What a slot URL or a single-use link books: the event type and the time. */
  function bookable(schedulingUrl: string): { type: EventType; start: Date } {
    const parsed = new URL(schedulingUrl);
    const clean = `${parsed.origin}${parsed.pathname}`;
    const link = state.links.get(clean);
    if (link) {
      if (link.used >= 1) throw new Error('This link has already been used');
      const from = new Date(now().getTime() + 60_000);
      const first = freeStarts(from, new Date(from.getTime() + 31 * 86_400_000))[0];
      if (!first) throw new Error('No free time');
      link.used++;
      return { type: link.owner, start: first };
    }
    const match = /^(https:\/\/calendly\.com\/[^/]+\/[^/]+)\/([^/]+)$/.exec(clean);
    const type = state.eventTypes.find((item) => item.scheduling_url === match?.[1]);
    const start = new Date(match?.[2] ?? '');
    if (!type || Number.isNaN(start.getTime())) throw new Error(`Not a scheduling URL: ${schedulingUrl}`);
    if (start < now()) throw new Error('This time is in the past');
    if (!freeStarts(start, start).length) throw new Error('This time is no longer available');
    return { type, start };
  }

  return {
    ...server,
    token,
    user,
    timeZone,
    eventTypes: state.eventTypes,
    requests: state.requests,
    availabilityCalls: state.availabilityCalls,
    subscriptions: state.subscriptions,
    invitees: state.invitees,
    deliveries: state.deliveries,
    freeStarts,
    oauth,
    setPlan(plan: 'paid' | 'free') {
      state.plan = plan;
    },
    setRateLimit(perWindow: number, windowSeconds = state.rateWindowSeconds) {
      state.rateLimit = perWindow;
      state.rateWindowSeconds = windowSeconds;
      state.window = { started: 0, count: 0 };
    },
    setMaxWindowDays(days: number) {
      state.maxWindowDays = days;
    },
    /** An invitee books through a slot URL or a single-use link; refused as Calendly's page refuses. */
    async book(schedulingUrl: string, who: { name: string; email: string; utm_content?: string }) {
      const { type, start } = bookable(schedulingUrl);
      const utm = who.utm_content ?? new URL(schedulingUrl).searchParams.get('utm_content');
      const eventUri = `${CALENDLY_URI}/scheduled_events/${randomUUID()}`;
      const invitee: FakeInvitee = {
        uri: `${eventUri}/invitees/${randomUUID()}`,
        name: who.name,
        email: who.email,
        status: 'active',
        eventType: type,
        eventUri,
        start,
        utmContent: utm ?? null,
      };
      state.invitees.set(invitee.uri, invitee);
      const delivered = await notify('invitee.created', invitee);
      return { invitee, delivered };
    },
    async cancel(inviteeUri: string) {
      const invitee = state.invitees.get(inviteeUri);
      if (!invitee || invitee.status === 'canceled') throw new Error('No such active invitee');
      invitee.status = 'canceled';
      return { invitee, delivered: await notify('invitee.canceled', invitee) };
    },
    /** Sends a past delivery again, signed anew (Calendly retries until it gets a 2xx). */
    redeliver(record: WebhookDeliveryRecord) {
      return deliver({ url: record.url, body: record.body, signingKey: record.signingKey });
    },
  };
}

export { zonedInstant as calendlyZonedInstant };
