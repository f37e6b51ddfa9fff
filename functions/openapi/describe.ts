import { createMiddleware } from 'hono/factory';
import type * as v from 'valibot';
import type { AppEnv } from '../http/env';
import type { ErrorCode } from '../shared/app-error';
import { marked } from './marker';

/** The groups of the API reference, in the order it shows them. */
export const API_TAGS = [
  'Account',
  'API keys',
  'Bots',
  'Chats',
  'Check',
  'History',
  'Knowledge',
  'Integrations',
  'Money',
  'Partner',
  'Assistant',
  'Event webhooks',
  'Widget',
  'Service',
] as const;
export type ApiTag = (typeof API_TAGS)[number];

/** What one route tells the reference (issue #27 §1); everything else comes from the route itself. */
export interface RouteDoc {
  tag: ApiTag;
  /** One line, English, imperative: "List chats". */
  summary: string;
  description?: string;
  /** The success answer: status (200 unless said), what it is, and the JSON body's schema when there is one. */
  ok: { status?: 200 | 201 | 202 | 204; description: string; schema?: v.GenericSchema };
  /**
   * Refusals particular to this route. The common ones are added where they apply: 401 on signed-in
   * routes, 403 `session_required` on the routes an API key may not call, 413 and 422 where a body or
   * query is read.
   */
  errors?: readonly ErrorCode[];
  /** A multipart or other non-JSON body, described by hand. */
  requestBody?: { description: string; contentType: string; schema: Record<string, unknown> };
}

/** The marker a route carries so the reference documents it (functions/openapi/document.ts reads it). */
export const describe = (doc: RouteDoc) => marked(passThrough(), { kind: 'describe', doc });

/**
 * A route outside the public API (a provider's callback, a signed job, the widget's own calls): the
 * reference leaves it out, and says why here so the coverage test knows it was left out on purpose.
 */
export const undocumented = (why: string) => marked(passThrough(), { kind: 'undocumented', why });

const passThrough = () => createMiddleware<AppEnv>((_c, next) => next());
