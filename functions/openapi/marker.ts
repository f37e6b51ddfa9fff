import type * as v from 'valibot';
import type { RouteDoc } from './describe';

/**
 * What a handler tells the API reference, as plain data under one symbol. The routes carry only
 * this; the generator (functions/openapi/document.ts, run at build time and in tests, never in the
 * Worker) turns it into hono-openapi's markers, so the Worker does not bundle the schema converters.
 */
export type RouteMark =
  | { kind: 'describe'; doc: RouteDoc }
  | { kind: 'undocumented'; why: string }
  | { kind: 'validator'; target: 'json' | 'query'; schema: v.GenericSchema }
  | { kind: 'signed-in' };

export const ROUTE_MARK = Symbol.for('botbuilder.route-mark');

export const markOf = (handler: unknown): RouteMark | undefined =>
  (handler as { [ROUTE_MARK]?: RouteMark } | undefined)?.[ROUTE_MARK];

/** `handler` with `mark` on it. */
export const marked = <H extends object>(handler: H, mark: RouteMark): H =>
  Object.assign(handler, { [ROUTE_MARK]: mark });
