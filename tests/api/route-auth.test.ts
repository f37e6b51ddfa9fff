import { describe, expect, it } from 'vitest';
import { sharedTestApp } from './support/client';

const api = sharedTestApp();

/**
 * The routes anyone may call: health, the installation's public settings (sidebar links), signing
 * up and in, the API reference (its page and document), the website widget (its own visitor tokens), and the callers that prove themselves
 * otherwise (webhook secrets, provider signatures, the signed links of files bots send).
 * Every other API route must refuse a request without a session or API key.
 */
const PUBLIC = [
  /^GET \/api\/health(\/live)?$/,
  /^GET \/api\/app-config$/,
  /^GET \/api\/(docs|openapi\.json)$/,
  /^POST \/api\/(register|login|verify-email|resend-code|send-reset-code|reset-password)$/,
  /^(GET|POST|OPTIONS) \/api\/widget\//,
  /^POST \/api\/webhooks\//,
  /^GET \/api\/webhooks\/amo\/disconnect$/,
  /^GET \/api\/webhooks\/retailcrm\/config$/,
  /^GET \/api\/webhooks\/(calendly|shopscript)\/oauth$/,
  // A platform's webhook address check (WhatsApp Cloud's verify-token handshake).
  /^GET \/api\/webhooks\/:type\/:integrationId$/,
  /^POST \/api\/payment\/notify\//,
  /^GET \/api\/media\//,
];

const concrete = (path: string) =>
  path.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

describe('route authentication', () => {
  it('every API route outside the public list answers 401 without credentials, and 401 to a forged token', async () => {
    const routes = new Map<string, { method: string; path: string }>();
    for (const route of api.t.app.routes) {
      if (!route.path.startsWith('/api/') || route.method === 'ALL' || route.path.endsWith('/*')) continue;
      routes.set(`${route.method} ${route.path}`, route);
    }
    const guarded = [...routes.entries()].filter(([key]) => !PUBLIC.some((pattern) => pattern.test(key)));
    // The list is built from the app: a new route is checked the day it is added.
    expect(guarded.length).toBeGreaterThan(50);
    for (const [key, route] of guarded) {
      for (const authorization of [undefined, 'Bearer forged.token.value']) {
        const response = await api.t.app.request(concrete(route.path), {
          method: route.method,
          headers: {
            'content-type': 'application/json',
            ...(authorization ? { authorization } : {}),
          },
          body: route.method === 'GET' || route.method === 'HEAD' ? undefined : '{}',
        });
        expect(response.status, `${key} with ${authorization ?? 'no token'}`).toBe(401);
      }
    }
  });
});
