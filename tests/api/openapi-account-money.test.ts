import { describe, expect, it } from 'vitest';
import { answeringRoutes, toOpenApiPath } from '../../functions/openapi/route-paths';
import { sharedTestApp } from './support/client';

const api = sharedTestApp();

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  required?: string[];
  const?: unknown;
}
interface Operation {
  summary?: string;
  tags?: string[];
  security: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

async function paths(): Promise<Paths> {
  const answer = await api.t.app.request('/api/openapi.json');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { paths: Paths }).paths;
}

const ok = (operation: Operation | undefined, status = '200') =>
  operation?.responses[status]?.content?.['application/json']?.schema;

/** The account, keys, partner, bots, service and money routes (issue #27 §1). */
const AREAS =
  /^\/api\/(register|login|logout|verify-email|resend-code|send-reset-code|reset-password|profile|change_password|keys|partner|bot|bots|helpers|app-config|health|balance|subscription|payment|recurrent_payments|transactions)(\/|$)/;

describe('the API reference of the account, API keys, partner, bots, service and money routes', () => {
  it('documents every route of these areas with its summary, except the payment notifications', async () => {
    const documented = await paths();
    const routes = answeringRoutes(api.t.app).filter((route) => AREAS.test(route.path));
    const missing = routes
      .filter((route) => route.path !== '/api/payment/notify/:provider')
      .filter((route) => !documented[toOpenApiPath(route.path)]?.[route.method.toLowerCase()]?.summary)
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    // A provider's callback is left out on purpose, and said so.
    expect(documented['/api/payment/notify/{provider}']).toBeUndefined();
    expect(routes.filter((route) => !route.described)).toEqual([]);
  });

  it('describes what the routes answer, with their real statuses and refusals', async () => {
    const p = await paths();
    expect(ok(p['/api/login']?.post)?.required).toEqual(['token', 'expires_at']);
    expect(p['/api/login']?.post?.responses['403']?.description).toContain('email_not_verified');
    expect(ok(p['/api/register']?.post, '201')?.properties?.email).toBeDefined();
    expect(ok(p['/api/profile']?.get)?.required).toEqual(expect.arrayContaining(['currency', 'role']));
    expect(p['/api/profile']?.post?.responses['409']?.description).toContain('currency_locked');
    expect(ok(p['/api/keys']?.post, '201')?.properties?.key).toBeDefined();
    expect(ok(p['/api/keys']?.get)?.items?.properties?.key).toBeUndefined();
    expect(p['/api/keys/{id}']?.delete?.responses['204']).toBeDefined();
    expect(p['/api/keys/{id}']?.delete?.responses['404']?.description).toContain('not_found');

    const bot = ok(p['/api/bot/{id}']?.get);
    expect(bot?.required).toEqual(expect.arrayContaining(['id', 'name', 'is_work', 'problems', 'actions']));
    // The answer's settings are all present strings, not the request's optional, nullable input.
    expect(bot?.properties?.name?.type).toBe('string');
    expect(ok(p['/api/bot']?.post, '201')).toBeDefined();
    expect(p['/api/bot/{id}']?.patch?.responses['402']?.description).toContain('subscription_required');
    expect(ok(p['/api/bots/templates']?.get)?.items?.properties?.bot?.required).toContain('system_prompt');

    expect(p['/api/partner/clients']?.get?.responses['403']?.description).toContain('partner_only');
    expect(ok(p['/api/partner/clients/attach']?.post, '202')).toBeDefined();
    expect(ok(p['/api/partner/clients/{id}/pay']?.post, '201')?.properties?.created).toBeUndefined();
    expect(ok(p['/api/partner/earnings']?.get)?.properties?.items?.items?.anyOf).toHaveLength(2);

    expect(ok(p['/api/balance']?.get)?.properties?.total_minor).toBeDefined();
    expect(ok(p['/api/subscription']?.get)?.items?.anyOf).toHaveLength(2);
    expect(p['/api/subscription/new']?.post?.responses['402']?.description).toContain('insufficient_balance');
    expect(ok(p['/api/transactions']?.get)?.properties?.pagination).toBeDefined();
    const pdf = p['/api/transactions/{id}/invoice']?.get?.responses['200'];
    expect(pdf?.description).toContain('application/pdf');
    expect(pdf?.content).toBeUndefined();
    expect(p['/api/recurrent_payments/{id}/cancel']?.post?.responses['204']).toBeDefined();

    expect(p['/api/health']?.get?.security).toEqual([]);
    expect(p['/api/app-config']?.get?.tags).toEqual(['Service']);
  });
});
