import type { Hono } from 'hono';
import { findTargetHandler } from 'hono/utils/handler';
import type { AppEnv } from '../http/env';
import { markOf } from './marker';

/** `/api/chats/:id` → `/api/chats/{id}` (a parameter's pattern, `:id{[0-9]+}`, is dropped), as OpenAPI writes it. */
export const toOpenApiPath = (path: string) =>
  path
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? `{${segment
            .slice(1)
            .replace(/\{.*\}$/, '')
            .replace(/\?$/, '')}}`
        : segment,
    )
    .join('/');

interface RouteMarks {
  method: string;
  path: string;
  /** It carries `describe` (documented) or `undocumented` (left out on purpose). */
  described: boolean;
}

/** Every route that answers (not middleware), with whether it says what the reference should do with it. */
export function answeringRoutes(app: Hono<AppEnv>): RouteMarks[] {
  const routes = new Map<string, RouteMarks>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const mark = markOf(findTargetHandler(route.handler));
    const entry = routes.get(key) ?? { method: route.method, path: route.path, described: false };
    entry.described ||= mark?.kind === 'describe' || mark?.kind === 'undocumented';
    routes.set(key, entry);
  }
  return [...routes.values()];
}

/** `GET /api/chats/{id}` → `/api/chats/:id`: the route pattern behind each documented operation. */
export const operationPaths = (app: Hono<AppEnv>) =>
  new Map(answeringRoutes(app).map((route) => [`${route.method} ${toOpenApiPath(route.path)}`, route.path]));
