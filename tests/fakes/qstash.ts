import type { IncomingMessage } from 'node:http';
import { bearer, type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake of the QStash v2 REST API as @upstash/qstash's Client calls it: `POST /v2/publish/{url}`
 * (Upstash-Delay, Upstash-Deduplication-Id), `POST /v2/schedules/{url}` (Upstash-Cron,
 * Upstash-Schedule-Id), `GET /v2/schedules`, `DELETE /v2/schedules/{id}`, bearer token. It records and
 * does not deliver; `GET /__fake/messages` lists what was published, for tests.
 */

export interface PublishedMessage {
  messageId: string;
  destination: string;
  body: string;
  contentType: string | undefined;
  delay: string | undefined;
  deduplicationId: string | undefined;
  deduplicated: boolean;
}

export interface FakeSchedule {
  scheduleId: string;
  destination: string;
  cron: string;
  body: string;
  method: string;
  createdAt: number;
}

export interface FakeQStash extends FakeServer {
  messages: PublishedMessage[];
  schedules: Map<string, FakeSchedule>;
}

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startFakeQStash(token: string): Promise<FakeQStash> {
  const messages: PublishedMessage[] = [];
  const schedules = new Map<string, FakeSchedule>();
  const byDedupId = new Map<string, string>();
  let counter = 0;
  /** Publishes still to refuse with 500, as QStash does in an outage (`POST /__fake/fail-publish`). */
  let failing = 0;
  const nextId = (prefix: string) => `${prefix}_${++counter}`;

  const server = await serveFake((request, body, response) => {
    const path = request.url ?? '/';
    if (request.method === 'GET' && path === '/__fake/messages') return sendJson(response, 200, { messages });
    if (request.method === 'POST' && path === '/__fake/fail-publish') {
      failing = Number((JSON.parse(body || '{}') as { count?: number }).count ?? 0);
      return sendJson(response, 200, { failing });
    }
    if (bearer(request) !== token) return sendJson(response, 401, { error: 'Unauthorized' });

    if (request.method === 'POST' && path.startsWith('/v2/publish/') && failing > 0) {
      failing--;
      return sendJson(response, 500, { error: 'Internal Server Error' });
    }
    if (request.method === 'POST' && path.startsWith('/v2/publish/')) {
      const destination = path.slice('/v2/publish/'.length);
      const deduplicationId = header(request, 'upstash-deduplication-id');
      const earlier = deduplicationId ? byDedupId.get(deduplicationId) : undefined;
      const messageId = earlier ?? nextId('msg');
      if (deduplicationId) byDedupId.set(deduplicationId, messageId);
      messages.push({
        messageId,
        destination,
        body,
        contentType: header(request, 'content-type'),
        delay: header(request, 'upstash-delay'),
        deduplicationId,
        deduplicated: earlier !== undefined,
      });
      return sendJson(response, 201, {
        messageId,
        url: destination,
        ...(earlier ? { deduplicated: true } : {}),
      });
    }
    if (request.method === 'POST' && path.startsWith('/v2/schedules/')) {
      const cron = header(request, 'upstash-cron');
      if (!cron) return sendJson(response, 400, { error: 'Upstash-Cron header is required' });
      const scheduleId = header(request, 'upstash-schedule-id') ?? nextId('scd');
      schedules.set(scheduleId, {
        scheduleId,
        destination: path.slice('/v2/schedules/'.length),
        cron,
        body,
        method: header(request, 'upstash-method') ?? 'POST',
        createdAt: schedules.get(scheduleId)?.createdAt ?? Date.now(),
      });
      return sendJson(response, 200, { scheduleId });
    }
    if (request.method === 'GET' && path === '/v2/schedules')
      return sendJson(response, 200, [...schedules.values()]);
    if (request.method === 'DELETE' && path.startsWith('/v2/schedules/')) {
      const id = decodeURIComponent(path.slice('/v2/schedules/'.length));
      if (!schedules.delete(id)) return sendJson(response, 404, { error: `schedule ${id} not found` });
      response.writeHead(200).end();
      return;
    }
    return sendJson(response, 404, { error: 'not found' });
  });
  return { ...server, messages, schedules };
}
