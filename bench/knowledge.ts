import { knowledgeChunks, storageFiles } from '../db/schema';
import { OpenAiLlm } from '../functions/ports/llm-openai';
import { nearestChunks, searchKnowledge } from '../functions/services/knowledge/search';
import { EMBEDDING_DIMENSIONS } from '../functions/shared/models';
import { apiClient } from '../tests/api/support/client';
import { createStorage, indexed, uploadFile } from '../tests/api/support/storages';
import { startFakeOpenAi } from '../tests/fakes/openai';
import { fakeEmbedding } from '../tests/fakes/openai-embeddings';
import { createTestApp } from '../tests/support/test-app';
import { fundedOwner } from './owner';
import { ms, percentile } from './stats';

const API_KEY = 'sk-bench';
const CHUNKS = 10_000;
const QUERIES = 200;
const SERVICES = ['Стрижка', 'Окрашивание', 'Маникюр', 'Педикюр', 'Массаж', 'Укладка', 'Пилинг', 'Брови'];

const line = (i: number) =>
  `Услуга: ${SERVICES[i % SERVICES.length]} вариант ${i}; Мастер: ${i % 37}; Цена, ₽: ${1000 + (i % 90) * 50}; Длительность: ${30 + (i % 5) * 15} мин`;

/**
 * Knowledge figures: indexing throughput of an uploaded document (parse, chunk, embed through the
 * fake endpoint, store vectors), and the search time in a storage of 10 000 chunks (exact cosine
 * distance in PGlite's pgvector), with and without the question's embedding call.
 */
export async function knowledgeFigures(): Promise<string[]> {
  const fake = await startFakeOpenAi({ apiKey: API_KEY });
  // Default retries: a kept-alive socket the fake closed while 10 000 rows went in is retried, as in production.
  const llm = new OpenAiLlm({ baseUrl: fake.baseUrl, apiKey: API_KEY });
  const t = await createTestApp({ llm });
  try {
    const call = apiClient(t);
    const owner = await fundedOwner(t);
    const { account } = owner;

    const storage = await createStorage(call, owner.token, 'vector', 'Прайс');
    const csv = [
      'Услуга,Мастер,Цена,Длительность',
      ...Array.from({ length: 8000 }, (_, i) => line(i).replaceAll('; ', ',')),
    ].join('\n');
    const bytes = new TextEncoder().encode(csv);
    const started = performance.now();
    const uploaded = await uploadFile(t, owner.token, storage, 'price.csv', bytes);
    const file = await indexed(t, call, owner.token, storage, uploaded.json.id);
    const seconds = (performance.now() - started) / 1000;

    const big = await createStorage(call, owner.token, 'vector', 'Большой');
    const [fileRow] = await t.db
      .insert(storageFiles)
      .values({
        accountId: account.id,
        storageId: big,
        name: 'big.txt',
        sizeBytes: 1,
        contentType: 'text/plain',
        objectKey: `${account.id}/bench`,
        state: 'ready',
        createdAt: t.clock.now(),
      })
      .returning();
    if (!fileRow) throw new Error('no file row');
    for (let from = 0; from < CHUNKS; from += 500) {
      await t.db.insert(knowledgeChunks).values(
        Array.from({ length: Math.min(500, CHUNKS - from) }, (_, i) => ({
          accountId: account.id,
          storageId: big,
          fileId: fileRow.id,
          position: from + i,
          text: line(from + i),
          embedding: fakeEmbedding(line(from + i), EMBEDDING_DIMENSIONS),
        })),
      );
    }
    const questions = Array.from(
      { length: QUERIES },
      (_, i) => `Сколько стоит ${SERVICES[i % SERVICES.length]?.toLowerCase()} вариант ${i * 7}?`,
    );
    const sqlTimes: number[] = [];
    const fullTimes: number[] = [];
    for (const question of questions) {
      const vector = fakeEmbedding(question, EMBEDDING_DIMENSIONS);
      let at = performance.now();
      await nearestChunks(t.db, big, vector);
      sqlTimes.push(performance.now() - at);
      at = performance.now();
      await searchKnowledge(t.db, llm, { id: big, name: 'Большой', description: '' }, question);
      fullTimes.push(performance.now() - at);
    }
    return [
      'Knowledge (in-process, PGlite with pgvector, the fake embeddings endpoint)',
      `indexing a ${(bytes.byteLength / 1024).toFixed(0)} KiB CSV (${file.chunks} chunks)   ${seconds.toFixed(2)} s, ${(file.chunks / seconds).toFixed(0)} chunks/s, ${(bytes.byteLength / 1024 / seconds).toFixed(0)} KiB/s`,
      `search in ${CHUNKS} chunks, SQL only       p50 ${ms(percentile(sqlTimes, 50))}   p99 ${ms(percentile(sqlTimes, 99))}`,
      `search with the question's embedding   p50 ${ms(percentile(fullTimes, 50))}   p99 ${ms(percentile(fullTimes, 99))}`,
    ];
  } finally {
    await t.close();
    await fake.close();
  }
}
