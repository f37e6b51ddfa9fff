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
}
interface Operation {
  summary?: string;
  tags?: string[];
  security: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema & { enum?: string[] } }[];
}
type Paths = Record<string, Record<string, Operation>>;

async function paths(): Promise<Paths> {
  const answer = await api.t.app.request('/api/openapi.json');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { paths: Paths }).paths;
}

const ok = (operation: Operation | undefined, status = '200') =>
  operation?.responses[status]?.content?.['application/json']?.schema;

/** The routes of chats, check, history, storages, assistant and integrations (issue #27 §1). */
const AREAS = /^\/api\/(chats|check|history|storages|assistant|integrations|private\/integrations)(\/|$)/;

describe('the API reference of chats, check, history, knowledge, assistant and integrations', () => {
  it('documents every signed-in route of these areas, each with its summary', async () => {
    const documented = await paths();
    const missing = answeringRoutes(api.t.app)
      .filter((route) => AREAS.test(route.path))
      // A route with a validator but no `describe` still shows up, without a summary or an answer.
      .filter((route) => !documented[toOpenApiPath(route.path)]?.[route.method.toLowerCase()]?.summary)
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });

  it('describes what the routes answer, with their real statuses', async () => {
    const p = await paths();
    const chat = ok(p['/api/chats/{id}']?.get);
    expect(chat?.required).toEqual(expect.arrayContaining(['id', 'state', 'messages', 'next_before']));
    expect(chat?.properties?.messages?.items?.required).toEqual(
      expect.arrayContaining(['author', 'price_minor', 'attachments']),
    );
    expect(ok(p['/api/chats/{id}/messages']?.post, '201')?.properties?.message).toBeDefined();
    expect(p['/api/chats/{id}']?.delete?.responses['204']).toBeDefined();
    expect(p['/api/chats/{id}/summary']?.post?.responses['429']?.description).toContain('rate_limited');
    expect(ok(p['/api/check/messages']?.post, '202')?.properties?.answer_due_at).toBeDefined();
    expect(ok(p['/api/history']?.get)?.properties?.items?.items?.properties?.price_minor).toBeDefined();
    expect(ok(p['/api/storages/{id}/files']?.post, '201')?.properties?.state).toBeDefined();
    expect(ok(p['/api/assistant/dialogs']?.post, '201')?.properties?.request_type).toBeDefined();
    expect(p['/api/integrations/{id}']?.delete?.responses['409']?.description).toContain(
      'integration_in_use',
    );
    expect(ok(p['/api/integrations']?.get)?.items?.properties?.connection_data).toBeDefined();
    for (const [path, methods] of Object.entries(p).filter(([path]) => AREAS.test(path)))
      for (const [method, operation] of Object.entries(methods))
        expect(operation.security.length, `${method} ${path}`).toBeGreaterThan(0);
  });

  it('lists the query parameters the CRM, booking and partner lists read', async () => {
    const p = await paths();
    const query = (operation: Operation | undefined) =>
      Object.fromEntries(
        (operation?.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => [parameter.name, parameter]),
      );
    expect(query(p['/api/integrations/{id}/crm/fields']?.get).entity).toMatchObject({
      required: true,
      schema: { enum: ['lead', 'contact', 'company'] },
    });
    expect(query(p['/api/integrations/{id}/booking/services']?.get).branch_id?.required).toBe(true);
    expect(query(p['/api/private/integrations/{type}/staff']?.get).integration_id).toBeDefined();
    expect(Object.keys(query(p['/api/partner/clients']?.get)).sort()).toEqual(['page', 'q']);
  });

  it('describes the file upload as multipart and the API channel webhook as a public, signed call', async () => {
    const p = await paths();
    const upload = p['/api/storages/{id}/files']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(upload?.required).toEqual(['file']);
    const webhook = p['/api/webhooks/{type}/{integrationId}']?.post;
    expect(webhook?.security).toEqual([]);
    expect(webhook?.requestBody?.content['application/json']?.schema.required).toEqual([
      'chat_id',
      'message_id',
    ]);
    expect(webhook?.responses['401']).toBeDefined();
  });

  it('leaves out the providers’ callbacks, the widget’s own calls and the signed media links', async () => {
    const p = await paths();
    const left = Object.keys(p).filter((path) => /^\/api\/(widget|media)\//.test(path));
    expect(left).toEqual([]);
    expect(p['/api/webhooks/{type}/{integrationId}']?.get).toBeUndefined();
    expect(p['/api/webhooks/amo/install']).toBeUndefined();
    const marked = answeringRoutes(api.t.app).filter((route) =>
      /^\/api\/(widget|media|webhooks)\//.test(route.path),
    );
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.filter((route) => !route.described)).toEqual([]);
  });
});
