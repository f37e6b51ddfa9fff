import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveFake } from './serve';
import { type BookingContext, COMPANY_RESOURCES, companyCall } from './yclients-booking';
import { createMarketplace, type MarketplaceUser, type SalonState } from './yclients-marketplace';
import { type FakeRecord, type Flavour, newSalon, occupy, type Salon, setSchedule } from './yclients-salon';
import { type Answer, companyView, fail, ok, recordView } from './yclients-views';

export type { FakeRecord } from './yclients-salon';

/**
 * A fake YCLIENTS or Altegio (one API, two flavours; reference/messengers.md §3). Sources: the
 * official YCLIENTS API Blueprint (mkosinov/yclientsapi docs/yclients_official/yclientsru.apib),
 * the Altegio API reference (developer.alteg.io, as dumped in public repos) and the peer
 * vosarsen/ai_admin_v2. Wire rules it enforces:
 * - Rate limit first: more than `rateLimitPerSecond` (5) calls in a second or 200 a minute from
 *   one IP → 429 with the envelope (no Retry-After: none documented). Refused calls do not count.
 * - `/api/v1/*` needs `Accept: application/vnd.yclients.v2+json` (yclients) or
 *   `application/vnd.api.v2+json` (altegio), else 400 (UNVERIFIED: the docs only say "required").
 * - ONE `Authorization` header, `Bearer <partner>` or `Bearer <partner>, User <user>`; a wrong or
 *   missing partner token, an unknown user token, anything else → 401
 *   `{"success":false,"data":null,"meta":{"message":"Authentication needed.","errors":[]}}`.
 * - `POST /auth` {login, password} → 201 `{success, data:{id, user_token, name, phone, login, email,
 *   avatar, is_approved}, meta}` (the Altegio sample shows the object without the envelope; the
 *   peer reads `data.user_token`); a wrong pair → 401, a missing field → 422 (texts UNVERIFIED).
 * - `GET /companies?my=1` needs the User token (401 without: UNVERIFIED) → the user's companies
 *   with `timezone` (UTC offset in hours; the 2015 apib sample shows a zone name there) and
 *   `timezone_name` (Altegio). Without `my`, every company.
 * - Company data (`company/{id}`, `book_services|book_staff|book_dates|book_check|book_record/{id}`,
 *   `book_times/{id}/{staff}/{date}`, `book_record/{id}/{record}/{hash}`): unknown company 404; then
 *   allowed to the User token's user of that company, or to the partner token alone while the
 *   salon's marketplace install is active, else 403 "Access denied." (the docs mark book_* as
 *   partner-only for any company: this fake is stricter on purpose).
 * - Shapes of book_* and the 422 codes: see yclients-booking.ts and yclients-appointments.ts.
 *   book_check answers an empty 201 (yclients) or `{success:true,data:null,meta:{message:"Created"}}`
 *   (altegio). `GET /user/records/{record}/{hash}` (documented) and
 *   `GET /book_record/{company}/{record}/{hash}` (UNVERIFIED) read a record back; a wrong hash 404.
 * - The same `api_id` in one company answers the earlier records again and books nothing
 *   (UNVERIFIED: the docs only call api_id "an external id").
 * - Marketplace: see yclients-marketplace.ts. `POST /marketplace/partner/callback/redirect` → 200
 *   `{success:true}` (Altegio documents a 301 for the browser variant); `POST
 *   /marketplace/partner/callback` and `/api/v1/marketplace/partner/callback` → 201.
 * Calls are recorded with the path and its query. `failNext` injects one failure.
 */

export interface FakeSalonOptions {
  flavour?: Flavour;
  partnerToken?: string;
  applicationId?: number;
  signMode?: 'decoded' | 'raw';
  rateLimitPerSecond?: number;
  /** 200 by default, as documented. */
  rateLimitPerMinute?: number;
}

export interface FakeSalonCall {
  method: string;
  /** The path with its query string. */
  path: string;
  authorization: string | undefined;
  body: unknown;
}

interface User {
  id: number;
  login: string;
  password: string;
  name: string;
  companyIds: number[];
  token: string;
}

const ACCEPT: Record<Flavour, string> = {
  yclients: 'application/vnd.yclients.v2+json',
  altegio: 'application/vnd.api.v2+json',
};

export type FakeSalon = Awaited<ReturnType<typeof startFakeSalon>>;

export async function startFakeSalon(options: FakeSalonOptions = {}) {
  const flavour = options.flavour ?? 'yclients';
  const partnerToken = options.partnerToken ?? 'partner-token-1';
  const applicationId = options.applicationId ?? 4242;
  const perSecond = options.rateLimitPerSecond ?? 5;
  const perMinute = options.rateLimitPerMinute ?? 200;
  const ru = flavour === 'yclients';
  let offset = 0;
  const now = () => Date.now() + offset;
  const salons = new Map<number, Salon>();
  const users: User[] = [];
  const records: FakeRecord[] = [];
  const calls: FakeSalonCall[] = [];
  const blocked = new Set<string>();
  const recent = new Map<string, number[]>();
  const failures: { path: RegExp; status: number; body: unknown }[] = [];
  let nextRecordId = 50_000_001;
  const marketplace = createMarketplace({
    partnerToken,
    applicationId,
    signMode: options.signMode ?? 'decoded',
  });

  const salonOf = (companyId: number) => {
    const salon = salons.get(companyId);
    if (!salon) throw new Error(`fake salon: no company ${companyId}`);
    return salon;
  };

  function limited(ip: string): boolean {
    const at = now();
    const times = (recent.get(ip) ?? []).filter((time) => time > at - 60_000);
    recent.set(ip, times);
    if (times.filter((time) => time > at - 1000).length >= perSecond || times.length >= perMinute)
      return true;
    times.push(at);
    return false;
  }

  function login(body: Record<string, unknown>): Answer {
    if (typeof body.login !== 'string' || typeof body.password !== 'string')
      return fail(422, ru ? 'Необходимо указать логин и пароль' : 'Login and password are required');
    const user = users.find((row) => row.login === body.login && row.password === body.password);
    if (!user) return fail(401, ru ? 'Неверный логин или пароль' : 'Incorrect login or password');
    const { id, name, token } = user;
    const contact = user.login.includes('@')
      ? { phone: '', email: user.login }
      : { phone: user.login, email: '' };
    return ok(
      { id, user_token: token, name, ...contact, login: user.login, avatar: '', is_approved: true },
      201,
    );
  }

  function api(method: string, url: URL, auth: { user: User | null }, body: Record<string, unknown>): Answer {
    const parts = url.pathname.slice('/api/v1/'.length).split('/').filter(Boolean);
    const [resource] = parts;
    if (method === 'POST' && parts.join('/') === 'auth') return login(body);
    if (method === 'GET' && resource === 'companies' && parts.length === 1) {
      const mine = url.searchParams.get('my') === '1';
      if (mine && !auth.user) return fail(401, 'Authentication needed.');
      const list = [...salons.values()].filter(
        (salon) => !mine || auth.user?.companyIds.includes(salon.company.id),
      );
      return ok(list.map((salon) => companyView(salon, now())));
    }
    if (method === 'GET' && resource === 'user' && parts[1] === 'records' && parts.length === 4) {
      const record = records.find((row) => String(row.id) === parts[2] && row.hash === parts[3]);
      const salon = record && salons.get(record.company_id);
      return record && salon
        ? ok([recordView(salon, record, now())])
        : fail(404, ru ? 'Запись не найдена' : 'Not found');
    }
    if (!resource || !COMPANY_RESOURCES.has(resource) || !/^\d+$/.test(parts[1] ?? ''))
      return fail(404, ru ? 'Страница не найдена' : 'Not found');
    const salon = salons.get(Number(parts[1]));
    if (!salon) return fail(404, ru ? 'Филиал не найден.' : 'Location not found.');
    const mine = auth.user?.companyIds.includes(salon.company.id) ?? false;
    if (!mine && !(auth.user === null && marketplace.state(salon.company.id) === 'active'))
      return fail(403, 'Access denied.');
    const ctx: BookingContext = {
      salon,
      records,
      now: now(),
      flavour,
      blocked,
      nextRecordId: () => nextRecordId++,
    };
    return (
      companyCall(ctx, method, parts, url.searchParams, body) ??
      fail(404, ru ? 'Страница не найдена' : 'Not found')
    );
  }

  function answerFor(request: IncomingMessage, url: URL, body: unknown, rawOk: boolean): Answer {
    const method = request.method ?? 'GET';
    const authorization = request.headers.authorization;
    const injected = failures.findIndex((failure) => failure.path.test(url.pathname));
    if (injected >= 0) {
      const [failure] = failures.splice(injected, 1);
      return { status: failure?.status ?? 500, body: failure?.body };
    }
    if (limited(request.socket.remoteAddress ?? '')) return fail(429, 'Too many requests.');
    if (method === 'POST' && url.pathname === '/marketplace/partner/callback/redirect')
      return marketplace.activate(authorization, body, now(), false);
    if (
      method === 'POST' &&
      ['/marketplace/partner/callback', '/api/v1/marketplace/partner/callback'].includes(url.pathname)
    )
      return marketplace.activate(authorization, body, now(), true);
    if (!url.pathname.startsWith('/api/v1/')) return fail(404, 'Not found');
    const accepts = (request.headers.accept ?? '').split(',').map((type) => type.split(';')[0]?.trim());
    if (!accepts.includes(ACCEPT[flavour])) return fail(400, `The Accept header must be ${ACCEPT[flavour]}`);
    const match = /^Bearer ([^\s,]+)(?:, ?User ([^\s,]+))?$/.exec(authorization?.trim() ?? '');
    if (!match || match[1] !== partnerToken) return fail(401, 'Authentication needed.');
    const user = match[2] ? users.find((row) => row.token === match[2]) : null;
    if (user === undefined) return fail(401, 'Authentication needed.');
    if (!rawOk || (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))))
      return fail(400, ru ? 'Неверный формат запроса' : 'Invalid request body');
    return api(method, url, { user }, (body ?? {}) as Record<string, unknown>);
  }

  function handle(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    let body: unknown;
    let rawOk = true;
    try {
      body = raw.trim() ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
      rawOk = false;
    }
    calls.push({
      method: request.method ?? '',
      path: url.pathname + url.search,
      authorization: request.headers.authorization,
      body,
    });
    const answer = answerFor(request, url, body, rawOk);
    if (answer.body === undefined) {
      response.writeHead(answer.status);
      response.end();
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  }

  const server = await serveFake(handle);
  return {
    /** The API root: `${url}/api/v1/...` and `${url}/marketplace/...`. */
    url: server.url,
    close: server.close,
    flavour,
    partnerToken,
    applicationId,
    accept: ACCEPT[flavour],
    calls,
    records,
    advance(ms: number) {
      offset += ms;
    },
    now: () => new Date(now()),
    addCompany(c: { id: number; title: string; address?: string; timezone_name?: string }) {
      const company = {
        id: c.id,
        title: c.title,
        address: c.address ?? '',
        timezone_name: c.timezone_name ?? 'Europe/Moscow',
      };
      salons.set(c.id, newSalon(company));
    },
    addUser(u: { login: string; password: string; name?: string; companyIds: number[] }): {
      userToken: string;
    } {
      const token = randomBytes(16).toString('hex');
      users.push({ id: 900_000 + users.length + 1, name: u.name ?? u.login, ...u, token });
      return { userToken: token };
    },
    addService(
      companyId: number,
      s: { id: number; title: string; price_min: number; price_max?: number; seance_length: number },
    ) {
      salonOf(companyId).services.set(s.id, { ...s, price_max: s.price_max ?? s.price_min });
    },
    addStaff(
      companyId: number,
      s: { id: number; name: string; specialization?: string; serviceIds: number[] },
    ) {
      salonOf(companyId).staff.set(s.id, { ...s, specialization: s.specialization ?? '' });
    },
    /** Working hours every day from today (salon-local, fake clock) for `days` days (14), slots every `stepMinutes` (60). */
    setSchedule(
      companyId: number,
      staffId: number,
      w: { from: string; to: string; stepMinutes?: number; days?: number },
    ) {
      setSchedule(salonOf(companyId), staffId, now(), w);
    },
    occupy(companyId: number, staffId: number, datetime: string) {
      occupy(salonOf(companyId), staffId, datetime);
    },
    /** The salon's black list: book_record for this phone answers 403 with code 434. */
    blockPhone(phone: string) {
      blocked.add(phone.replace(/\D/g, ''));
    },
    marketplaceRedirect(salonId: number, user: MarketplaceUser) {
      return marketplace.redirect(salonId, user, salons.get(salonId)?.company.title, now());
    },
    salonState: (salonId: number): SalonState => marketplace.state(salonId),
    webhookUrls: (salonId: number) => marketplace.webhookUrls(salonId),
    sendMarketplaceEvent(
      url: string,
      event: 'uninstall' | 'freeze',
      salonId: number,
      opts: { partnerToken?: string } = {},
    ) {
      return marketplace.sendEvent(url, event, salonId, opts.partnerToken);
    },
    /** POSTs `{company_id, resource:'record', resource_id, status, data}`; delete marks the record deleted first. */
    sendRecordEvent(url: string, status: 'create' | 'update' | 'delete', recordId: number) {
      const record = records.find((row) => row.id === recordId);
      if (!record) throw new Error(`fake salon: no record ${recordId}`);
      if (status === 'delete') record.deleted = true;
      const data = recordView(salonOf(record.company_id), record, now());
      return fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          company_id: record.company_id,
          resource: 'record',
          resource_id: record.id,
          status,
          data,
        }),
      });
    },
    /** The next call whose path matches answers this status (and body, else the envelope). */
    failNext(path: RegExp, status: number, body?: unknown) {
      failures.push({
        path,
        status,
        body: body ?? { success: false, data: null, meta: { message: 'Injected failure', errors: [] } },
      });
    },
  };
}
