import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../support/local-server';
import { codeFromMail } from '../support/mail-folder';

const tmpRoot = join(new URL('../..', import.meta.url).pathname, 'tests/.tmp');
let dataDir = '';
let server: LocalServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('npm start (embedded shape)', () => {
  it('serves the API and the SPA, mails codes to the folder, and keeps everything across a restart', async () => {
    await mkdir(tmpRoot, { recursive: true });
    dataDir = await mkdtemp(join(tmpRoot, 'restart-'));
    server = await startLocalServer(dataDir);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const page = await fetch(`${server.url}/profile`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const email = 'restart@example.com';
    const user = {
      name: 'Олег',
      email,
      phone: '79990001122',
      password: 'keep-me-123',
      password_confirmation: 'keep-me-123',
    };
    expect((await post('/api/register', user)).status).toBe(201);
    expect(server.output()).toMatch(/\[mail\] to restart@example\.com/);
    await post('/api/verify-email', { email, code: await codeFromMail(dataDir, email) });
    const login = await post('/api/login', { email, password: user.password });
    const token: string = login.json.token;
    await post('/api/profile', { currency: 'eur', lang: 'en' }, token);

    await server.stop();
    server = await startLocalServer(dataDir);

    const profile = await fetch(`${server.url}/api/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email, currency: 'eur', lang: 'en', name: 'Олег' });
    expect((await post('/api/login', { email, password: user.password })).status).toBe(200);
    // On a fresh clone the first start builds the SPA and the server bundle.
  }, 300_000);
});
