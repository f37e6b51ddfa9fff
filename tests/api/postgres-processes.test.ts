import { once } from 'node:events';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ROOM_CLOSE } from '../../functions/shared/room-revoke';
import { type Account, instantBotOn, readyAccount } from '../e2e/support/account';
import { connectedWidget, widgetVisitor } from '../e2e/support/widget-visitor';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type LocalServer, startLocalServer } from '../support/local-server';
import { type ProcessDatabase, processDatabase } from '../support/process-database';
import { waitUntil } from '../support/wait-until';

/**
 * Two `npm start` processes on one Postgres (DATABASE_URL) and one DATA_DIR behave as one product:
 * a session made on one works on the other and a sign-out on one counts on both, a rate limit
 * counted on one is seen by the other, a live socket held by one hears what the other published, a customer's message is answered once whichever process
 * runs its job, and each schedule is claimed once per period. Starts real servers: run it under
 * `flock /tmp/npm-start.lock`.
 */
const KEY = 'sk-two-processes-0123456789';
const _root = new URL('../..', import.meta.url).pathname;
let database: ProcessDatabase | undefined;
let databaseUrl = '';
let dataDir = '';
let llm: FakeOpenAi;
let a: LocalServer;
let b: LocalServer;
let account: Account;

beforeAll(async () => {
  database = await processDatabase('two-processes');
  ({ url: databaseUrl, dataDir } = database);
  llm = await startFakeOpenAi({ apiKey: KEY });
  const env = { DATABASE_URL: databaseUrl, LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: KEY };
  // One after the other: the first writes the generated secrets into the shared DATA_DIR.
  a = await startLocalServer(dataDir, undefined, env);
  b = await startLocalServer(dataDir, undefined, env);
  account = await readyAccount(a, 'twoprocs');
}, 400_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await llm?.close();
  await database?.close();
});

const on = (server: LocalServer, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('two npm start processes on one Postgres', () => {
  it('says which database it runs on', () => {
    expect(a.output()).toMatch(/database postgres 127\.0\.0\.1:\d+\/test_/);
  });

  it('a session made on one works on the other, and a sign-out on one ends it on both', async () => {
    const login = await on(b, '/api/login', {
      method: 'POST',
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { token } = (await login.json()) as { token: string };
    expect((await on(a, '/api/profile', { headers: bearer(token) })).status).toBe(200);
    expect((await on(b, '/api/profile', { headers: bearer(token) })).status).toBe(200);
    expect((await on(b, '/api/logout', { method: 'POST', headers: bearer(token) })).status).toBe(200);
    // A read cached by the first process before the sign-out is not trusted after it.
    expect((await on(a, '/api/profile', { headers: bearer(token) })).status).toBe(401);
  });

  it('a live socket held by one process hears what the other published, and a sign-out there ends it', async () => {
    const login = await on(a, '/api/login', {
      method: 'POST',
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const live = (await (await on(a, '/api/chats/live', { headers: bearer(token) })).json()) as {
      url: string;
    };
    expect(new URL(live.url).port).toBe(new URL(a.url).port);
    const socket = new WebSocket(live.url);
    const heard: { chat_id: string; type: string }[] = [];
    socket.on('message', (data) => heard.push(JSON.parse(String(data))));
    await once(socket, 'open');

    const widget = await connectedWidget(b, account.token, ['shop.example.com']);
    // The customer writes through the second process: the first publishes nothing of it itself.
    const visitor = await widgetVisitor(b, widget, 'https://shop.example.com');
    expect(await visitor.write('Есть доставка в Казань?')).toBe(202);
    await waitUntil(() => heard.length > 0);
    expect(heard).toContainEqual(expect.objectContaining({ type: 'message' }));

    const closed = once(socket, 'close');
    expect((await on(b, '/api/logout', { method: 'POST', headers: bearer(token) })).status).toBe(200);
    const [code] = (await Promise.race([closed, sleep(5_000).then(() => [null])])) as [number | null];
    expect(code).toBe(ROOM_CLOSE.revoked.code);
  });

  it('a rate limit counted on one is seen by the other', async () => {
    const wrong = JSON.stringify({ email: account.email, password: 'wrong-password' });
    for (let i = 0; i < 10; i++) {
      const answer = await on(i % 2 ? a : b, '/api/login', { method: 'POST', body: wrong });
      expect(answer.status, `wrong password ${i}`).toBe(422);
    }
    expect((await on(a, '/api/login', { method: 'POST', body: wrong })).status).toBe(429);
    expect((await on(b, '/api/login', { method: 'POST', body: wrong })).status).toBe(429);
  });

  it('answers each customer message once, whichever process took it and ran its job', async () => {
    const widget = await connectedWidget(a, account.token, ['shop.example.com']);
    await instantBotOn(b, account, widget, { name: 'Консультант', systemPrompt: 'Отвечай коротко.' });
    const chatCalls = () => llm.requests.filter((request) => request.path === '/v1/chat/completions').length;
    for (const [i, server] of [a, b, a, b].entries()) {
      llm.queue({ kind: 'text', text: `Ответ ${i + 1}` });
      const visitor = await widgetVisitor(server, widget, 'https://shop.example.com');
      expect(await visitor.write(`Вопрос ${i + 1}`)).toBe(202);
      const answered = async () =>
        (await visitor.reads()).filter((message) => message.author !== 'customer').length;
      await waitUntil(async () => (await answered()) >= 1, 15_000);
      expect(await answered()).toBe(1);
    }
    // Both runners poll every 250 ms: a second run of any job would have called the model again.
    await sleep(1500);
    expect(chatCalls()).toBe(4);
  });

  it('claims each schedule once per period for both processes', async () => {
    const sql = postgres(databaseUrl, { max: 1 });
    try {
      const claims = await sql<{ key: string }[]>`select key from kv_entries where key like 'schedule:%'`;
      const perSchedule = new Map<string, number>();
      for (const { key } of claims) {
        const id = key.split(':')[1] ?? '';
        perSchedule.set(id, (perSchedule.get(id) ?? 0) + 1);
      }
      // Seven schedules, each claimed for the current period (the minute sweep may have moved on once).
      expect(perSchedule.size).toBe(7);
      for (const [id, count] of perSchedule) expect(count, id).toBeLessThanOrEqual(2);
      const queued = await sql<{ dedup: string; n: number }[]>`
        select dedup_id as dedup, count(*)::int as n from jobs where name like 'schedule:%' group by dedup_id`;
      for (const row of queued) expect(row.n, row.dedup).toBe(1);
    } finally {
      await sql.end();
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
