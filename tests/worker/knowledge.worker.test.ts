import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { jobUrl } from '../../functions/ports/jobs-qstash';
import { INDEX_JOB } from '../../functions/services/knowledge/index-job';
import type { PublishedMessage } from '../fakes/qstash';
import { call, signedIn } from './support/api';
import { deliver, sign } from './support/jobs';
import { onePagePdf } from './support/pdf';

/** A tiny DOCX whose central directory declares 200 MB of XML. */
function declaredHugeDocx(): Uint8Array {
  const zip = zipSync({ 'word/document.xml': strToU8('<w:document/>') });
  const view = new DataView(zip.buffer);
  for (let at = 0; at + 4 <= zip.length; at++) {
    if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 200 * 1024 * 1024, true);
  }
  return zip;
}

async function upload(token: string, storageId: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  const response = await SELF.fetch(`${env.PUBLIC_URL}/api/storages/${storageId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'cf-connecting-ip': '203.0.113.9' },
    body: form,
  });
  return { status: response.status, json: await response.json<{ id: string; state: string }>() };
}

async function indexJobFor(fileId: string): Promise<string> {
  const response = await fetch(`${env.QSTASH_URL}/__fake/messages`);
  const { messages } = await response.json<{ messages: PublishedMessage[] }>();
  const job = messages.find(
    (message) => message.destination === jobUrl(env.PUBLIC_URL, INDEX_JOB) && message.body.includes(fileId),
  );
  if (!job) throw new Error(`no index job for ${fileId}`);
  return job.body;
}

describe('knowledge in the production shape (R2, QStash, Neon, workerd)', () => {
  it('stores an upload in R2, indexes a PDF inside workerd when QStash delivers the job', async () => {
    const token = await signedIn();
    const storage = await call<{ id: string }>('POST', '/api/storages', {
      token,
      body: { type: 'vector', name: 'Prices', description: '' },
    });
    expect(storage.status).toBe(201);
    const uploaded = await upload(
      token,
      storage.json.id,
      'prices.pdf',
      onePagePdf('Haircut costs 1500 rubles'),
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.json.state).toBe('pending');

    const body = await indexJobFor(uploaded.json.id);
    const delivered = await deliver({ name: INDEX_JOB, body, signature: await sign(INDEX_JOB, body) });
    expect(delivered.status).toBe(200);
    const files = await call<{ id: string; state: string; chunks: number; error: string | null }[]>(
      'GET',
      `/api/storages/${storage.json.id}/files`,
      { token },
    );
    expect(files.json[0]).toMatchObject({ state: 'ready', chunks: 1, error: null });
  });

  it('refuses document bombs inside workerd with the same caps, once, without a retry', async () => {
    const token = await signedIn();
    const storage = await call<{ id: string }>('POST', '/api/storages', {
      token,
      body: { type: 'vector', name: 'Bombs', description: '' },
    });
    for (const [name, bytes, reason] of [
      ['pages.pdf', onePagePdf('Bomb', 4000), 'file_too_many_pages'],
      ['declared.docx', declaredHugeDocx(), 'file_too_large_unpacked'],
    ] as const) {
      const uploaded = await upload(token, storage.json.id, name, bytes);
      expect(uploaded.status).toBe(201);
      const body = await indexJobFor(uploaded.json.id);
      const delivered = await deliver({ name: INDEX_JOB, body, signature: await sign(INDEX_JOB, body) });
      expect(delivered.status, name).toBe(200);
      const files = await call<{ id: string; state: string; error: string | null }[]>(
        'GET',
        `/api/storages/${storage.json.id}/files`,
        { token },
      );
      expect(files.json.find((file) => file.id === uploaded.json.id)).toMatchObject({
        state: 'failed',
        error: reason,
      });
    }
  });

  it('serves a media file back from R2 to its owner', async () => {
    const token = await signedIn();
    const storage = await call<{ id: string }>('POST', '/api/storages', {
      token,
      body: { type: 'media', name: 'Photos', description: '' },
    });
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 9, 8, 7]);
    const uploaded = await upload(token, storage.json.id, 'menu.png', png);
    expect(uploaded.json.state).toBe('ready');
    const content = await SELF.fetch(
      `${env.PUBLIC_URL}/api/storages/${storage.json.id}/files/${uploaded.json.id}/content`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(png);
  });
});
