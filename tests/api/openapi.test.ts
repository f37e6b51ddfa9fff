import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app';
import { isSessionOnly, SESSION_ONLY_ROUTES } from '../../functions/http/api-access';
import { API_TAGS } from '../../functions/openapi/describe';
import { CURL_EXAMPLES } from '../../functions/openapi/examples';
import { answeringRoutes, toOpenApiPath } from '../../functions/openapi/route-paths';
import type { AppSettings, Ports } from '../../functions/ports';
import { sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();

interface Operation {
  summary?: string;
  tags?: string[];
  security: Record<string, string[]>[];
  responses: Record<string, { description: string }>;
  'x-api-key': boolean;
  'x-codeSamples'?: { source: string }[];
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  info: { description: string };
};

async function reference(): Promise<Document> {
  const answer = await api.t.app.request('/api/openapi.json');
  expect(answer.status).toBe(200);
  return (await answer.json()) as Document;
}

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('the API reference is generated from the routes (issue #27 §1)', () => {
  it('documents every route, or says why a route is left out', () => {
    const silent = answeringRoutes(api.t.app).filter((route) => !route.described);
    expect(silent.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('has exactly the documented routes as operations, each with a summary, a known tag and its answers', async () => {
    const document = await reference();
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set(operations(document).map(({ key }) => key));
    const routes = answeringRoutes(api.t.app);
    for (const key of documented) {
      expect(
        routes.some((route) => `${route.method} ${toOpenApiPath(route.path)}` === key),
        key,
      ).toBe(true);
    }
    for (const { key, operation } of operations(document)) {
      expect(operation.summary, key).toBeTruthy();
      expect(API_TAGS, key).toContain(operation.tags?.[0]);
      expect(Object.keys(operation.responses).length, key).toBeGreaterThan(0);
    }
    // Every reference points at something in the document.
    const text = JSON.stringify(document);
    for (const [, ref] of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
      const target = (ref as string)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, `$ref #/${ref}`).toBeDefined();
    }
    // The integrator's core is there, with its request schemas read from the validators.
    const chats = document.paths['/api/chats']?.get;
    expect(chats?.responses['200']).toBeDefined();
    expect(document.paths['/api/chats/{id}/pause']?.post).toBeDefined();
  });

  it('says which routes an API key may call, from the same list the middleware enforces', async () => {
    const document = await reference();
    for (const entry of SESSION_ONLY_ROUTES) {
      const [method, path] = entry.split(' ') as [string, string];
      const matching = answeringRoutes(api.t.app).filter((route) => isSessionOnly(route.method, route.path));
      expect(matching.length, `${entry} names no route`).toBeGreaterThan(0);
      if (method !== '*')
        expect(
          matching.some((route) => route.method === method && route.path === path),
          entry,
        ).toBe(true);
    }
    for (const { key, operation } of operations(document)) {
      const [method, path] = key.split(' ') as [string, string];
      const route = answeringRoutes(api.t.app).find(
        (r) => r.method === method && toOpenApiPath(r.path) === path,
      );
      const sessionOnly = route !== undefined && isSessionOnly(method, route.path);
      if (operation.security.length === 0) continue; // a public route
      expect(operation['x-api-key'], key).toBe(!sessionOnly);
      expect(
        operation.security.some((scheme) => 'apiKey' in scheme),
        key,
      ).toBe(!sessionOnly);
      expect(operation.responses['401'], key).toBeDefined();
      if (sessionOnly) expect(operation.responses['403']?.description, key).toContain('session_required');
    }
    expect(document.paths['/api/keys']?.get?.['x-api-key']).toBe(false);
    expect(document.paths['/api/chats']?.get?.['x-api-key']).toBe(true);
    expect(document.paths['/api/login']?.post?.security).toEqual([]);
  });

  it('lists the errors with their messages, and the limits', async () => {
    const document = await reference();
    const pause = document.paths['/api/chats/{id}/pause']?.post;
    expect(pause?.responses['404']?.description).toContain('not_found');
    expect(pause?.responses['422']?.description).toContain('validation_failed');
    expect(pause?.responses['413']?.description).toContain('payload_too_large');
    expect(document.info.description).toContain('64 KiB');
  });

  it('carries the curl examples on their operations', async () => {
    const document = await reference();
    for (const example of CURL_EXAMPLES) {
      const operation = document.paths[example.path]?.[example.method.toLowerCase()];
      expect(operation, `${example.method} ${example.path}`).toBeDefined();
      expect(operation?.['x-codeSamples']?.map((sample) => sample.source)).toContain(example.source);
    }
  });

  it('points the Worker, which does not bundle the generator, to the copy built with its assets', async () => {
    const app = createApp({} as Ports, {} as AppSettings);
    const answer = await app.request('/api/openapi.json');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/openapi.json');
  });
});

describe("an API key may call what the owner does, except the account's own guards", () => {
  it('answers 403 session_required to a key on every session-only route, and serves the key elsewhere', async () => {
    const user = await signedInUser(api.t);
    const key = (await api.call('POST', '/api/keys', { token: user.token, body: { comment: 'robot' } })).json
      .key as string;
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const route of answeringRoutes(api.t.app).filter((r) => isSessionOnly(r.method, r.path))) {
      const path = route.path.replace(/:\w+(\{[^}]*\})?/g, uuid);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const answer = await api.call(route.method, path, { token: key, body });
      expect(answer.status, `${route.method} ${path}`).toBe(403);
      expect(answer.json.code).toBe('session_required');
      const asPerson = await api.call(route.method, path, { token: user.token, body });
      expect(asPerson.json?.code, `${route.method} ${path} as a person`).not.toBe('session_required');
    }
    expect((await api.call('GET', '/api/chats', { token: key })).status).toBe(200);
    expect((await api.call('GET', '/api/history', { token: key })).status).toBe(200);
  });
});
