import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CURL_EXAMPLES } from '../../functions/openapi/examples';
import { ManualClock } from '../../functions/ports/clock-manual';
import { curlRequest } from '../support/curl-request';
import { engineTestApp, ownerWithBot, say } from './support/engine';

// The History example asks for November 2026, so the answer it reads is dated then.
const engine = engineTestApp({ clock: new ManualClock(new Date('2026-11-20T09:00:00Z')) });

const guide = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

/** Whether `path` (concrete, no query) is an instance of the OpenAPI template, e.g. `/api/chats/{id}`. */
const matchesTemplate = (template: string, path: string) =>
  new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path);

/** What each example's answer must show beyond a 2xx, keyed by `METHOD path`. */
const expected: Record<string, (json: Record<string, unknown>, chatId: string) => void> = {
  'GET /api/chats': (json, chatId) =>
    expect((json.items as { id: string }[]).map((chat) => chat.id)).toContain(chatId),
  'POST /api/chats/{id}/messages': (json) =>
    expect(json.message).toMatchObject({ author: 'operator', text: expect.stringContaining('1500') }),
  'POST /api/chats/{id}/pause': (json) => expect(json).toMatchObject({ state: 'paused', pause_code: 3 }),
  'POST /api/bot': (json) =>
    expect(json).toMatchObject({ template_id: 'shop-consultant', name: 'Shop assistant' }),
  'GET /api/history': (json) =>
    expect((json.items as { price_minor: number }[]).some((entry) => entry.price_minor > 0)).toBe(true),
};

describe('the curl examples of the API reference', () => {
  it('cover the five tasks of the issue and are quoted verbatim in docs/api.md', () => {
    expect(CURL_EXAMPLES.map((example) => `${example.method} ${example.path}`).sort()).toEqual(
      Object.keys(expected).sort(),
    );
    for (const example of CURL_EXAMPLES) expect(guide).toContain(example.source);
  });

  it('each succeeds against the app with an API key, as written', async () => {
    const owner = await ownerWithBot(engine.t);
    const key = await engine.call('POST', '/api/keys', { token: owner.token, body: { comment: 'docs' } });
    expect(key.status).toBe(201);
    // A customer's chat the bot has answered: a priced History entry and a chat to act on.
    await say(engine.call, owner.token, owner.botId, 'Сколько стоит стрижка?');
    engine.t.clock.advance(61_000);
    await engine.t.jobs.runDue();
    const chats = await engine.call('GET', '/api/chats', { token: owner.token });
    const chatId: string = chats.json.items[0].id;

    const variables = { BASE_URL: 'http://localhost', API_KEY: key.json.key, CHAT_ID: chatId };
    for (const example of CURL_EXAMPLES) {
      const request = curlRequest(example.source, variables);
      const url = new URL(request.url);
      expect(request.method).toBe(example.method);
      expect(matchesTemplate(example.path, url.pathname)).toBe(true);
      const response = await engine.t.app.request(url.pathname + url.search, {
        method: request.method,
        headers: { ...request.headers, 'x-test-ip': '10.0.0.1' },
        body: request.body,
      });
      const json = await response.json();
      expect({ example: example.path, status: response.status, json }).toMatchObject({
        status: expect.toSatisfy((status: number) => status >= 200 && status < 300),
      });
      expected[`${example.method} ${example.path}`]?.(json, chatId);
    }
  });
});
