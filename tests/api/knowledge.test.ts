import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knowledgeChunks } from '../../db/schema';
import { docxWith, pdfWith, xlsxWith } from '../support/documents';
import { skipWithoutPgvector } from '../support/test-database';

import { createWorkingBot, engineTestApp, historyOf, ledgerOf } from './support/engine';
import { createStorage, indexed, signedInOwner, uploadFile } from './support/storages';

const engine = engineTestApp();
const noPgvector = await skipWithoutPgvector('knowledge: document storages and search');

const systemPromptOf = (body: Record<string, unknown> | undefined) =>
  String((body?.messages as { content: string }[] | undefined)?.[0]?.content);

const chunksOf = (fileId: string) =>
  engine.t.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.fileId, fileId));

describe.skipIf(noPgvector)('storages and files', () => {
  it('creates, lists, renames and deletes storages, with the limits shown before upload', async () => {
    const { call } = engine;
    const owner = await signedInOwner(engine.t);
    const empty = await call('GET', '/api/storages', { token: owner.token });
    expect(empty.json.storages).toEqual([]);
    expect(empty.json.limits).toMatchObject({
      file_bytes: 20 * 1024 * 1024,
      used_bytes: 0,
      extensions: { vector: expect.arrayContaining(['pdf', 'docx', 'xlsx', 'csv', 'txt', 'md']) },
    });
    const noName = await call('POST', '/api/storages', {
      token: owner.token,
      body: { type: 'vector', name: ' ' },
    });
    expect(noName.status).toBe(422);
    expect(noName.json.fields).toEqual({ name: 'Укажите название хранилища' });
    const badType = await call('POST', '/api/storages', {
      token: owner.token,
      body: { type: 'disk', name: 'x' },
    });
    expect(badType.status).toBe(422);

    const id = await createStorage(call, owner.token, 'vector', 'Прайс');
    const renamed = await call('PATCH', `/api/storages/${id}`, {
      token: owner.token,
      body: { name: 'Цены', description: 'Цены на услуги салона' },
    });
    expect(renamed.json).toMatchObject({
      id,
      name: 'Цены',
      description: 'Цены на услуги салона',
      size_bytes: 0,
    });
    const deleted = await call('DELETE', `/api/storages/${id}`, { token: owner.token });
    expect(deleted.status).toBe(204);
    expect((await call('GET', '/api/storages', { token: owner.token })).json.storages).toEqual([]);
  });

  it('refuses a wrong extension with the SPEC message and stores nothing', async () => {
    const { t, call } = engine;
    const owner = await signedInOwner(t);
    const vector = await createStorage(call, owner.token, 'vector');
    const media = await createStorage(call, owner.token, 'media', 'Фото');
    for (const [storage, name] of [
      [vector, 'photo.jpg'],
      [vector, 'script.exe'],
      [vector, 'noextension'],
      [media, 'price.md'],
    ] as const) {
      const refused = await uploadFile(t, owner.token, storage, name, 'содержимое');
      expect(refused.status, name).toBe(422);
      expect(refused.json).toEqual({
        code: 'validation_failed',
        message: 'Некорректное расширение файла',
        fields: { file: 'Некорректное расширение файла' },
      });
    }
    const emptyFile = await uploadFile(t, owner.token, vector, 'empty.txt', '');
    expect(emptyFile.status).toBe(422);
    expect(emptyFile.json.message).toBe('Файл пустой');
    const listed = await call('GET', '/api/storages', { token: owner.token });
    expect(listed.json.storages.map((one: { files_count: number }) => one.files_count)).toEqual([0, 0]);
  });

  it('indexes a PDF and an XLSX with Cyrillic text, shows progress and price, and deleting removes the chunks', async () => {
    const { t, call, fake } = engine;
    const owner = await signedInOwner(t);
    const storage = await createStorage(call, owner.token, 'vector');
    const pdf = await pdfWith([
      ['Салон «Ромашка» работает с 9:00 до 21:00 без выходных.'],
      ['Адрес: Москва, улица Ленина, дом 5. Парковка во дворе.'],
    ]);
    const xlsx = await xlsxWith([
      ['Услуга', 'Цена, ₽'],
      ['Стрижка мужская', 1500],
      ['Окрашивание волос', 4200],
    ]);
    const pdfUpload = await uploadFile(t, owner.token, storage, 'О салоне.pdf', pdf, 'Часы работы и адрес');
    expect(pdfUpload.status).toBe(201);
    expect(pdfUpload.json).toMatchObject({
      name: 'О салоне.pdf',
      state: 'pending',
      size_bytes: pdf.byteLength,
    });
    const xlsxUpload = await uploadFile(t, owner.token, storage, 'Прайс.xlsx', xlsx);
    const pdfFile = await indexed(t, call, owner.token, storage, pdfUpload.json.id);
    const xlsxFile = await indexed(t, call, owner.token, storage, xlsxUpload.json.id);
    expect(pdfFile).toMatchObject({ state: 'ready', progress: 100, error: null });
    expect(xlsxFile).toMatchObject({ state: 'ready', progress: 100 });
    expect(pdfFile.index_price_minor).toBeGreaterThan(0);

    const pdfChunks = await chunksOf(pdfFile.id);
    expect(pdfChunks.map((chunk) => chunk.text).join('\n')).toContain('улица Ленина');
    expect(pdfChunks.map((chunk) => chunk.source)).toEqual(['p. 1', 'p. 2']);
    const xlsxChunks = await chunksOf(xlsxFile.id);
    expect(xlsxChunks.map((chunk) => chunk.text).join('\n')).toContain(
      'Услуга: Стрижка мужская; Цена, ₽: 1500',
    );
    expect(xlsxChunks.every((chunk) => chunk.embedding?.length === 512)).toBe(true);
    // The embeddings went to the catalogue's model, shortened to the column's size.
    expect(fake.embeddingBodies[0]).toMatchObject({ model: 'text-embedding-3-small', dimensions: 512 });
    const ledger = await ledgerOf(t, owner.accountId);
    expect(ledger.filter((row) => row.kind === 'storage').length).toBeGreaterThan(0);

    const listed = await call('GET', '/api/storages', { token: owner.token });
    expect(listed.json.storages[0]).toMatchObject({
      files_count: 2,
      size_bytes: pdf.byteLength + xlsx.byteLength,
    });
    expect(listed.json.limits.used_bytes).toBe(pdf.byteLength + xlsx.byteLength);

    expect(
      (await call('DELETE', `/api/storages/${storage}/files/${pdfFile.id}`, { token: owner.token })).status,
    ).toBe(204);
    expect(await chunksOf(pdfFile.id)).toEqual([]);
    expect(await chunksOf(xlsxFile.id)).not.toEqual([]);
  });

  it('says why a damaged document failed, and a retry after a model failure goes on', async () => {
    const { t, call, fake } = engine;
    const owner = await signedInOwner(t);
    const storage = await createStorage(call, owner.token, 'vector');
    const broken = await uploadFile(t, owner.token, storage, 'broken.docx', 'это не docx');
    const failed = await indexed(t, call, owner.token, storage, broken.json.id);
    expect(failed).toMatchObject({ state: 'failed', error: 'file_unreadable' });

    fake.failEmbeddings(400);
    const docx = await docxWith(['Запись по телефону +7 900 000-00-00.', 'Скидка студентам 10%.']);
    const upload = await uploadFile(t, owner.token, storage, 'Правила.docx', docx);
    const refused = await indexed(t, call, owner.token, storage, upload.json.id);
    expect(refused).toMatchObject({ state: 'failed', error: 'knowledge_model_failed' });
    const retried = await call('POST', `/api/storages/${storage}/files/${upload.json.id}/retry`, {
      token: owner.token,
    });
    expect(retried.json.state).toBe('indexing');
    const ready = await indexed(t, call, owner.token, storage, upload.json.id);
    expect(ready).toMatchObject({ state: 'ready', error: null });
    expect((await chunksOf(upload.json.id)).map((chunk) => chunk.text).join('\n')).toContain(
      'Скидка студентам',
    );
  });

  it('answers 404 for another account’s storages and files on every route', async () => {
    const { t, call } = engine;
    const owner = await signedInOwner(t);
    const stranger = await signedInOwner(t);
    const storage = await createStorage(call, owner.token, 'media', 'Фото');
    const file = await uploadFile(t, owner.token, storage, 'menu.png', new Uint8Array([137, 80, 78, 71]));
    expect(file.status).toBe(201);
    expect(file.json.state).toBe('ready');
    const fileId = file.json.id;
    for (const [method, path, body] of [
      ['PATCH', `/api/storages/${storage}`, { name: 'x' }],
      ['DELETE', `/api/storages/${storage}`, undefined],
      ['GET', `/api/storages/${storage}/files`, undefined],
      ['PATCH', `/api/storages/${storage}/files/${fileId}`, { description: 'x' }],
      ['DELETE', `/api/storages/${storage}/files/${fileId}`, undefined],
      ['POST', `/api/storages/${storage}/files/${fileId}/retry`, undefined],
      ['GET', `/api/storages/${storage}/files/${fileId}/content`, undefined],
      ['GET', `/api/storages/not-a-uuid/files`, undefined],
    ] as const) {
      const answer = await call(method, path, { token: stranger.token, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const upload = await uploadFile(t, stranger.token, storage, 'x.png', 'x');
    expect(upload.status).toBe(404);
    const own = await t.app.request(`/api/storages/${storage}/files/${fileId}/content`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect((await call('GET', `/api/storages/${storage}/files`, { token: owner.token })).json).toHaveLength(
      1,
    );
  });
});

describe.skipIf(noPgvector)('the bot answers from its storage', () => {
  it('finds the right chunk, puts it in the prompt with its source, and charges the search with the answer', async () => {
    const { t, call, fake } = engine;
    const owner = await signedInOwner(t);
    const storage = await createStorage(call, owner.token, 'vector', 'Прайс салона');
    const xlsx = await xlsxWith([
      ['Услуга', 'Цена, ₽'],
      ['Стрижка мужская', 1500],
      ['Окрашивание волос', 4200],
      ['Маникюр классический', 1200],
    ]);
    const upload = await uploadFile(t, owner.token, storage, 'Прайс.xlsx', xlsx);
    const pdf = await pdfWith([['Адрес салона: улица Ленина, дом 5, вход со двора.']]);
    const other = await uploadFile(t, owner.token, storage, 'Адрес.pdf', pdf);
    await indexed(t, call, owner.token, storage, upload.json.id);
    await indexed(t, call, owner.token, storage, other.json.id);
    const botId = await createWorkingBot(call, owner.token, {
      storage_id: storage,
      process_scheme: 'instant',
    });

    fake.reset();
    fake.queue({ kind: 'text', text: 'Окрашивание стоит 4200 ₽.' });
    await call('POST', '/api/check/messages', {
      token: owner.token,
      body: { bot_id: botId, text: 'Сколько стоит окрашивание волос?' },
    });
    await t.jobs.runDue();
    const system = systemPromptOf(fake.bodies[0]);
    expect(system).toContain('Knowledge base «Прайс салона»');
    expect(system).toContain('(Прайс.xlsx, Прайс)');
    expect(system).toContain('Окрашивание волос; Цена, ₽: 4200');
    expect(system).toContain('never invent prices');
    expect(fake.embeddingBodies).toHaveLength(1);
    expect(fake.embeddingBodies[0]?.input).toEqual(['Сколько стоит окрашивание волос?']);

    const [row] = await historyOf(t, owner.accountId);
    expect(row?.embeddingTokens).toBeGreaterThan(0);
    expect(row?.actions).toContainEqual(expect.objectContaining({ type: 'knowledge', name: 'Прайс салона' }));
    expect(row?.actions.find((action) => action.type === 'knowledge')?.detail).toContain('Прайс.xlsx');
  });

  it('puts the file’s description for the bot beside its excerpt, also one changed after upload', async () => {
    const { t, call, fake } = engine;
    const owner = await signedInOwner(t);
    const storage = await createStorage(call, owner.token, 'vector', 'Прайс салона');
    const csv = 'Услуга,Цена\nОкрашивание волос,4200\nСтрижка мужская,1500\n';
    const upload = await uploadFile(t, owner.token, storage, 'prices.csv', csv, 'Старый прайс');
    const fileId = upload.json.id as string;
    await indexed(t, call, owner.token, storage, fileId);
    const described = await call('PATCH', `/api/storages/${storage}/files/${fileId}`, {
      token: owner.token,
      body: { description: 'Цены действуют до 31.12.2026, без скидок' },
    });
    expect(described.status).toBe(200);
    const botId = await createWorkingBot(call, owner.token, {
      storage_id: storage,
      process_scheme: 'instant',
    });

    fake.reset();
    await call('POST', '/api/check/messages', {
      token: owner.token,
      body: { bot_id: botId, text: 'Сколько стоит окрашивание волос?' },
    });
    await t.jobs.runDue();
    const system = systemPromptOf(fake.bodies[0]);
    expect(system).toMatch(
      /\[1\] \(prices\.csv[^)]*\)\nAbout this file: Цены действуют до 31\.12\.2026, без скидок\n.*Окрашивание/,
    );
    expect(system).not.toContain('Старый прайс');
  });

  it('tells the model nothing matched when the documents do not cover the question', async () => {
    const { t, call, fake } = engine;
    const owner = await signedInOwner(t);
    const storage = await createStorage(call, owner.token, 'vector', 'Прайс');
    const upload = await uploadFile(t, owner.token, storage, 'prices.csv', 'Услуга,Цена\nСтрижка,1500\n');
    await indexed(t, call, owner.token, storage, upload.json.id);
    const botId = await createWorkingBot(call, owner.token, {
      storage_id: storage,
      process_scheme: 'instant',
    });
    fake.reset();
    await call('POST', '/api/check/messages', {
      token: owner.token,
      body: { bot_id: botId, text: 'Вы принимаете криптовалюту биткоин?' },
    });
    await t.jobs.runDue();
    const system = systemPromptOf(fake.bodies[0]);
    expect(system).toContain('Nothing in the knowledge base matches');
    expect(system).not.toContain('Стрижка');
  });

  it('refuses a storage of another account as the bot’s storage', async () => {
    const { t, call } = engine;
    const owner = await signedInOwner(t);
    const stranger = await signedInOwner(t);
    const foreign = await createStorage(call, stranger.token, 'vector');
    const created = await call('POST', '/api/bot', {
      token: owner.token,
      body: { name: 'Бот', storage_id: foreign },
    });
    expect(created.status).toBe(422);
    expect(created.json.fields.storage_id).toBe('Некорректное значение');
  });
});
