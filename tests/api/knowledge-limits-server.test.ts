import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, apiCall, readyAccount } from '../e2e/support/account';
import { docxBomb, pdfNamingOnePage } from '../support/document-bombs';
import { docxWith } from '../support/documents';
import { type LocalServer, startFreshServer } from '../support/local-server';
import { machineDelays, pollHealth } from './support/latency';

const MB = 1024 * 1024;
const HEALTH_MS = 200;

let server: LocalServer;
let owner: Account;

beforeAll(async () => {
  server = await startFreshServer();
  owner = await readyAccount(server, 'bomber');
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function upload(storage: string, name: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  const response = await fetch(`${server.url}/api/storages/${storage}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`upload ${name}: ${JSON.stringify(body)}`);
  return body.id;
}

type FileState = { id: string; state: string; error: string | null };

/** The files once none is pending or indexing any more (the server's own job runner reads them). */
async function settledFiles(storage: string): Promise<FileState[]> {
  for (let round = 0; round < 240; round++) {
    const files = (await apiCall(
      server,
      'GET',
      `/api/storages/${storage}/files`,
      undefined,
      owner.token,
    )) as FileState[];
    if (files.every((file) => file.state === 'ready' || file.state === 'failed')) return files;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the files were not read in a minute');
}

describe('documents under `npm start` (the bundled parser thread)', () => {
  it('fails bombs with their reasons in the worker thread while /api/health answers', async () => {
    const { id: storage } = (await apiCall(
      server,
      'POST',
      '/api/storages',
      { type: 'vector', name: 'Бомбы', description: '' },
      owner.token,
    )) as { id: string };
    // Made before measuring: building a bomb takes this process's own event loop for seconds.
    const unpacked = await docxBomb(250 * MB);
    const pages = pdfNamingOnePage(4000);
    const rules = await docxWith(['Запись за сутки']);
    const stopMachine = machineDelays();
    const stop = pollHealth(() => fetch(`${server.url}/api/health`));
    const docx = await upload(storage, 'unpacked.docx', unpacked);
    const pdf = await upload(storage, 'pages.pdf', pages);
    const normal = await upload(storage, 'rules.docx', rules);
    const files = await settledFiles(storage);
    const health = await stop();
    const machine = await stopMachine();
    const byId = new Map(files.map((file) => [file.id, file]));
    expect(byId.get(docx)).toMatchObject({ state: 'failed', error: 'file_too_large_unpacked' });
    expect(byId.get(pdf)).toMatchObject({ state: 'failed', error: 'file_too_many_pages' });
    // Read fine in the thread; only the embeddings are missing (no LLM_BASE_URL here).
    expect(byId.get(normal)).toMatchObject({ state: 'failed', error: 'knowledge_not_configured' });
    console.info(
      `/api/health: ${health.answers} answers, the slowest in ${Math.round(health.slowest)} ms; the machine delayed an idle thread up to ${Math.round(machine)} ms`,
    );
    expect(health.slowest).toBeLessThan(HEALTH_MS + machine);
    expect(server.output()).not.toMatch(/parser thread exited|ERR_MODULE_NOT_FOUND|Cannot find module/);
  }, 120_000);
});

describe('request bodies under `npm start`', () => {
  const register = (body: BodyInit, declared: boolean) =>
    fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
      body: declared ? body : new Blob([body as string]).stream(),
      ...(declared ? {} : { duplex: 'half' }),
    } as RequestInit);
  const signUp = (name: string) =>
    JSON.stringify({
      name,
      email: `${name.length}-${Date.now()}@example.com`,
      phone: '79991112233',
      password: 'right-pass-1',
      password_confirmation: 'right-pass-1',
    });

  it('refuses a body over 64 KB whether its length is declared or it comes in chunks', async () => {
    for (const declared of [true, false]) {
      const huge = await register(signUp('x'.repeat(70_000)), declared);
      expect(huge.status).toBe(413);
      expect((await huge.json()).message).toBe('Слишком большой запрос');
    }
  });

  it('reads a body that comes in chunks under the limit', async () => {
    const chunked = await register(signUp('Чанк'), false);
    expect(chunked.status).toBe(201);
    const declared = await register(signUp('Объявленный'), true);
    expect(declared.status).toBe(201);
  });
});
