import { eq } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrations-folder';
import { storageFiles, storages } from '../../db/schema';
import { withoutPgvector } from '../../functions/ports/db-postgres-migrate';
import { enqueueIndexing } from '../../functions/services/knowledge/index-job';
import { sharedTestApp, signedInUser } from './support/client';
import { signedInOwner, uploadFile } from './support/storages';

/**
 * A Postgres server without pgvector (Debian's postgresql-15 has none) for the Node shape: the
 * product starts and works, and document knowledge says plainly that the database lacks pgvector.
 * Here: PGlite without the extension, migrated as such a server is (or that server itself, in the
 * "api (postgres)" suite).
 */
const api = sharedTestApp({ pgvector: false });

describe('a database without pgvector', () => {
  it('migrates without the extension: no CREATE EXTENSION, the embedding column as text', () => {
    const adapted = withoutPgvector(readMigrationFiles({ migrationsFolder }));
    const statements = adapted.flatMap((migration) => migration.sql).join('\n');
    expect(statements).not.toMatch(/create extension[^;]*vector/i);
    expect(statements).toContain('"embedding" text');
    expect(statements).not.toMatch(/\bvector\(\d+\)/);
  });

  it('works for everything else: sign-up, media storages and their files', async () => {
    expect((await api.call('GET', '/api/health')).status).toBe(200);
    const owner = await signedInOwner(api.t);
    const media = await api.call('POST', '/api/storages', {
      token: owner.token,
      body: { type: 'media', name: 'Фото', description: '' },
    });
    expect(media.status).toBe(201);
    const uploaded = await uploadFile(
      api.t,
      owner.token,
      media.json.id,
      'menu.png',
      new Uint8Array([1, 2, 3]),
    );
    expect(uploaded.status).toBe(201);
    expect((await api.call('GET', '/api/storages', { token: owner.token })).json.storages).toHaveLength(1);
  });

  it('refuses a document storage with a plain 409 in ru and en, never a 5xx', async () => {
    const owner = await signedInOwner(api.t);
    const body = { type: 'vector', name: 'Прайс', description: '' };
    const ru = await api.call('POST', '/api/storages', { token: owner.token, body });
    expect(ru.status).toBe(409);
    expect(ru.json).toEqual({
      code: 'knowledge_unavailable',
      message: 'Поиск по документам недоступен: в базе данных сервера нет расширения pgvector',
    });
    const english = await signedInUser(api.t, { language: 'en' });
    const en = await api.call('POST', '/api/storages', { token: english.token, body });
    expect(en.status).toBe(409);
    expect(en.json.message).toBe(
      'Document search is unavailable: the server’s database lacks the pgvector extension',
    );
  });

  it('fails a waiting document with that reason instead of retrying it, and refuses uploads and retries', async () => {
    const owner = await signedInOwner(api.t);
    const now = api.t.clock.now();
    // A document storage from before the database lost pgvector (moved to another server).
    const [storage] = await api.t.db
      .insert(storages)
      .values({ accountId: owner.accountId, type: 'vector', name: 'Старое', createdAt: now })
      .returning();
    if (!storage) throw new Error('no storage');
    const [file] = await api.t.db
      .insert(storageFiles)
      .values({
        accountId: owner.accountId,
        storageId: storage.id,
        name: 'price.txt',
        sizeBytes: 10,
        contentType: 'text/plain',
        objectKey: 'missing',
        state: 'pending',
        createdAt: now,
      })
      .returning();
    if (!file) throw new Error('no file');
    await enqueueIndexing(api.t.ports, file.id, 'upload');
    expect(await api.t.jobs.runDue()).toBe(1);
    const [after] = await api.t.db.select().from(storageFiles).where(eq(storageFiles.id, file.id));
    expect(after).toMatchObject({ state: 'failed', error: 'knowledge_unavailable' });

    const upload = await uploadFile(api.t, owner.token, storage.id, 'more.txt', 'Цены');
    expect(upload.status).toBe(409);
    const retry = await api.call('POST', `/api/storages/${storage.id}/files/${file.id}/retry`, {
      token: owner.token,
    });
    expect(retry.status).toBe(409);
    expect(retry.json.code).toBe('knowledge_unavailable');
  });
});
