import type { Hono } from 'hono';
import { findTargetHandler } from 'hono/utils/handler';
import { resolver, uniqueSymbol } from 'hono-openapi';
import type { AppEnv } from '../http/env';
import type { RouteDoc } from './describe';
import { markOf, type RouteMark } from './marker';

/** The operation hono-openapi reads from `describe`'s plain data. */
function describedSpec(doc: RouteDoc) {
  const status = doc.ok.status ?? 200;
  return {
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.requestBody
      ? {
          requestBody: {
            required: true,
            description: doc.requestBody.description,
            content: { [doc.requestBody.contentType]: { schema: doc.requestBody.schema } },
          },
        }
      : {}),
    responses: {
      [status]: {
        description: doc.ok.description,
        ...(doc.ok.schema ? { content: { 'application/json': { schema: resolver(doc.ok.schema) } } } : {}),
      },
    },
    'x-errors': doc.errors ?? [],
  };
}

function honoOpenApiMark(mark: RouteMark): object {
  switch (mark.kind) {
    case 'describe':
      return { spec: describedSpec(mark.doc) };
    case 'undocumented':
      return { spec: { hide: true } };
    case 'validator':
      return { ...resolver(mark.schema), target: mark.target };
    case 'signed-in':
      return { spec: { 'x-signed-in': true } };
  }
}

/** Puts hono-openapi's marker beside ours on every marked handler of `app`, so its generator reads them. */
export function markForHonoOpenApi(app: Hono<AppEnv>) {
  for (const route of app.routes) {
    const handler = findTargetHandler(route.handler) as { [uniqueSymbol]?: object };
    const mark = markOf(handler);
    if (mark && !handler[uniqueSymbol]) handler[uniqueSymbol] = honoOpenApiMark(mark);
  }
}
