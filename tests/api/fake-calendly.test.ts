import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCalendly, startFakeCalendly } from '../fakes/calendly';
import { type FakeServer, serveFake } from '../fakes/serve';

/** The fake Calendly refuses what Calendly refuses (reference/messengers.md §4). */

// Monday 6 January 2031, 09:00 in Moscow.
let now = new Date('2031-01-06T06:00:00Z');
let calendly: FakeCalendly;
let receiver: FakeServer;
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

beforeAll(async () => {
  calendly = await startFakeCalendly({ now: () => now });
  receiver = await serveFake((request, body, response) => {
    received.push({ headers: request.headers, body });
    response.writeHead(200).end();
  });
});
afterAll(async () => {
  await Promise.all([calendly.close(), receiver.close()]);
});

async function call(method: string, path: string, body?: unknown, token: string | null = calendly.token) {
  const response = await fetch(`${calendly.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

const consultation = () => calendly.eventTypes[0]?.uri ?? '';
const times = (start: string, end: string, eventType = consultation()) =>
  call(
    'GET',
    `/event_type_available_times?${new URLSearchParams({ event_type: eventType, start_time: start, end_time: end })}`,
  );

describe('fake Calendly', () => {
  it('answers only a known Bearer token, with Calendly’s error body', async () => {
    for (const token of [null, 'wrong-token']) {
      const refused = await call('GET', '/users/me', undefined, token);
      expect(refused).toMatchObject({
        status: 401,
        json: { title: 'Unauthenticated', message: expect.any(String) },
      });
    }
    const me = await call('GET', '/users/me');
    expect(me.json.resource).toMatchObject({
      uri: calendly.user.uri,
      name: calendly.user.name,
      current_organization: calendly.user.current_organization,
      timezone: 'Europe/Moscow',
      scheduling_url: expect.stringMatching(/^https:\/\/calendly\.com\//),
    });
    expect(me.headers.get('x-ratelimit-limit')).toBe('500');
  });

  it('lists the user’s event types by pages, and refuses another user’s list or none named', async () => {
    expect((await call('GET', '/event_types')).status).toBe(400);
    const other = `${calendly.user.uri.slice(0, -4)}0000`;
    expect((await call('GET', `/event_types?user=${encodeURIComponent(other)}`)).status).toBe(403);
    const user = encodeURIComponent(calendly.user.uri);
    const first = await call('GET', `/event_types?user=${user}&count=2`);
    expect(first.json.collection).toHaveLength(2);
    const pagination = first.json.pagination as { next_page_token: string };
    const second = await call(
      'GET',
      `/event_types?user=${user}&count=2&page_token=${pagination.next_page_token}`,
    );
    expect(second.json.collection).toHaveLength(1);
    expect(second.json.pagination).toMatchObject({ next_page_token: null });
  });

  it('refuses a start in the past, an end before the start, a window over the maximum, and an unknown type', async () => {
    const bad = [
      await times('2031-01-06T05:00:00Z', '2031-01-08T00:00:00Z'),
      await times('2031-01-07T00:00:00Z', '2031-01-06T23:00:00Z'),
      await times('2031-01-07T00:00:00Z', '2031-01-14T00:00:01Z'),
    ];
    for (const refused of bad) {
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ title: 'Invalid Argument', details: [expect.any(Object)] });
    }
    expect(bad[0]?.json.details).toEqual([{ parameter: 'start_time', message: 'must be in the future' }]);
    const unknown = await times(
      '2031-01-07T00:00:00Z',
      '2031-01-08T00:00:00Z',
      'https://api.calendly.com/event_types/nope',
    );
    expect(unknown.status).toBe(404);
    calendly.setMaxWindowDays(31);
    expect((await times('2031-01-07T00:00:00Z', '2031-01-20T00:00:00Z')).status).toBe(200);
    calendly.setMaxWindowDays(7);
  });

  it('answers free times on weekdays 10:00–18:00 in the user’s zone, each with its own scheduling URL', async () => {
    const week = await times('2031-01-06T06:01:00Z', '2031-01-13T06:01:00Z');
    expect(week.status).toBe(200);
    const slots = week.json.collection as { status: string; start_time: string; scheduling_url: string }[];
    // Monday to Friday, 8 hours each; Saturday and Sunday none.
    expect(slots).toHaveLength(40);
    expect(slots[0]).toEqual({
      status: 'available',
      invitees_remaining: 1,
      start_time: '2031-01-06T07:00:00.000000Z',
      scheduling_url:
        'https://calendly.com/anna-petrova/consultation/2031-01-06T07:00:00Z?month=2031-01&date=2031-01-06',
    });
    expect(slots.at(-1)?.start_time).toBe('2031-01-10T14:00:00.000000Z');
  });

  it('makes single-use links only for its event types, and a link books once', async () => {
    expect(
      (
        await call('POST', '/scheduling_links', {
          max_event_count: 2,
          owner: consultation(),
          owner_type: 'EventType',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/scheduling_links', {
          max_event_count: 1,
          owner: consultation(),
          owner_type: 'User',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/scheduling_links', {
          max_event_count: 1,
          owner: 'https://api.calendly.com/event_types/x',
          owner_type: 'EventType',
        })
      ).status,
    ).toBe(404);
    const made = await call('POST', '/scheduling_links', {
      max_event_count: 1,
      owner: consultation(),
      owner_type: 'EventType',
    });
    expect(made.status).toBe(201);
    const link = made.json.resource as { booking_url: string; owner: string; owner_type: string };
    expect(link).toMatchObject({ owner: consultation(), owner_type: 'EventType' });
    const booked = await calendly.book(link.booking_url, { name: 'Иван', email: 'ivan@example.com' });
    expect(booked.invitee.start.toISOString()).toBe('2031-01-06T07:00:00.000Z');
    await expect(
      calendly.book(link.booking_url, { name: 'Пётр', email: 'petr@example.com' }),
    ).rejects.toThrow(/used/);
    // The time it took is no longer free, and its slot URL no longer books.
    const after = (await times('2031-01-06T06:01:00Z', '2031-01-07T06:01:00Z')).json.collection as {
      start_time: string;
    }[];
    expect(after[0]?.start_time).toBe('2031-01-06T08:00:00.000000Z');
    await expect(
      calendly.book('https://calendly.com/anna-petrova/consultation/2031-01-06T07:00:00Z', {
        name: 'Пётр',
        email: 'p@example.com',
      }),
    ).rejects.toThrow(/no longer available/);
    await calendly.cancel(booked.invitee.uri);
  });

  it('subscribes webhooks on a paid plan only, once per URL, and deletes them', async () => {
    const body = {
      url: `${receiver.url}/hook`,
      events: ['invitee.created', 'invitee.canceled'],
      organization: calendly.user.current_organization,
      user: calendly.user.uri,
      scope: 'user',
      signing_key: 'key-123',
    };
    calendly.setPlan('free');
    expect(await call('POST', '/webhook_subscriptions', body)).toMatchObject({
      status: 403,
      json: { title: 'Permission Denied' },
    });
    calendly.setPlan('paid');
    expect(
      (await call('POST', '/webhook_subscriptions', { ...body, events: ['invitee.exploded'] })).status,
    ).toBe(400);
    expect((await call('POST', '/webhook_subscriptions', { ...body, organization: 'x' })).status).toBe(400);
    const made = await call('POST', '/webhook_subscriptions', body);
    expect(made.status).toBe(201);
    const uri = (made.json.resource as { uri: string; callback_url: string }).uri;
    expect(made.json.resource).toMatchObject({ callback_url: body.url, state: 'active', scope: 'user' });
    expect((await call('POST', '/webhook_subscriptions', body)).status).toBe(409);
    const listed = await call(
      'GET',
      `/webhook_subscriptions?${new URLSearchParams({ organization: body.organization, user: body.user, scope: 'user' })}`,
    );
    expect(listed.json.collection).toEqual([expect.objectContaining({ uri, callback_url: body.url })]);
    const uuid = uri.split('/').pop();
    expect((await call('DELETE', `/webhook_subscriptions/${uuid}`)).status).toBe(204);
    expect((await call('DELETE', `/webhook_subscriptions/${uuid}`)).status).toBe(404);
  });

  it('posts invitee events signed with the subscription’s key, with utm_content from the booked URL', async () => {
    const made = await call('POST', '/webhook_subscriptions', {
      url: `${receiver.url}/signed`,
      events: ['invitee.created', 'invitee.canceled'],
      organization: calendly.user.current_organization,
      user: calendly.user.uri,
      scope: 'user',
      signing_key: 'signing-key-1',
    });
    expect(made.status).toBe(201);
    received.length = 0;
    const slot =
      'https://calendly.com/anna-petrova/first-visit/2031-01-07T08:00:00Z?month=2031-01&date=2031-01-07&utm_content=chat-42';
    const { invitee } = await calendly.book(slot, { name: 'Мария', email: 'maria@example.com' });
    await calendly.cancel(invitee.uri);
    expect(received).toHaveLength(2);
    for (const [index, delivery] of received.entries()) {
      const header = String(delivery.headers['calendly-webhook-signature']);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
      expect(t).toBe(String(Math.floor(now.getTime() / 1000)));
      expect(v1).toBe(createHmac('sha256', 'signing-key-1').update(`${t}.${delivery.body}`).digest('hex'));
      const body = JSON.parse(delivery.body);
      expect(body).toMatchObject({
        event: index === 0 ? 'invitee.created' : 'invitee.canceled',
        payload: {
          uri: invitee.uri,
          name: 'Мария',
          tracking: { utm_content: 'chat-42' },
          scheduled_event: { name: 'Первичный приём', start_time: '2031-01-07T08:00:00.000000Z' },
        },
      });
    }
    const uuid = (made.json.resource as { uri: string }).uri.split('/').pop();
    await call('DELETE', `/webhook_subscriptions/${uuid}`);
  });

  it('answers 429 with the rate limit headers past the limit, until the window ends', async () => {
    calendly.setRateLimit(2, 60);
    await call('GET', '/users/me');
    await call('GET', '/users/me');
    const limited = await call('GET', '/users/me');
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ title: 'Too Many Requests' });
    expect(limited.headers.get('x-ratelimit-limit')).toBe('2');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    now = new Date(now.getTime() + 61_000);
    expect((await call('GET', '/users/me')).status).toBe(200);
    calendly.setRateLimit(500, 60);
  });
});
