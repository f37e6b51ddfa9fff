import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { knowledgeChunks, type Storage, storageFiles, storages } from '../../../db/schema';
import type { Db } from '../../ports/db';
import type { Llm } from '../../ports/llm';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL } from '../../shared/models';

/** Chunks given to the model at most. */
export const KNOWLEDGE_TOP_K = 5;
/**
 * Cosine distance above which a chunk is not about the question (text-embedding-3 puts unrelated
 * texts at 0.8–1.0 and related ones below ~0.6). Nothing under it means "not in the documents".
 */
export const KNOWLEDGE_MAX_DISTANCE = 0.75;
/** Characters of the question sent to be embedded. */
const QUERY_CHARS = 2000;

export interface FoundChunk {
  text: string;
  file: string;
  /** The owner's description of the file for the bot (SPEC §3 File); empty when none. */
  fileDescription: string;
  source: string;
  distance: number;
}

export interface KnowledgeSearch {
  storage: Pick<Storage, 'id' | 'name' | 'description'>;
  chunks: FoundChunk[];
  embeddingTokens: number;
}

/** The bot's storage when it is a document storage with something indexed in it. */
export async function searchableStorage(db: Db, accountId: string, storageId: string | null) {
  if (!storageId) return null;
  const [row] = await db
    .select({ id: storages.id, name: storages.name, description: storages.description })
    .from(storages)
    .where(and(eq(storages.id, storageId), eq(storages.accountId, accountId), eq(storages.type, 'vector')));
  if (!row) return null;
  const [any] = await db
    .select({ id: knowledgeChunks.id })
    .from(knowledgeChunks)
    .where(and(eq(knowledgeChunks.storageId, row.id), isNotNull(knowledgeChunks.embedding)))
    .limit(1);
  return any ? row : null;
}

/**
 * The question as it is searched for: the waiting messages, and when they are short (a follow-up
 * such as "а сколько стоит?") the customer's message before them, which names what they ask about.
 */
export function searchQuery(waiting: string[], earlierCustomerMessages: string[]): string {
  const asked = waiting.join('\n').trim();
  const previous = earlierCustomerMessages.at(-1)?.trim();
  const query = asked.length < 60 && previous ? `${previous}\n${asked}` : asked;
  return query.slice(-QUERY_CHARS);
}

/** The nearest chunks of one storage by exact cosine distance (knowledge_chunks_storage_idx narrows it). */
export async function nearestChunks(db: Db, storageId: string, vector: number[], limit = KNOWLEDGE_TOP_K) {
  const literal = `[${vector.join(',')}]`;
  const distance = sql<number>`${knowledgeChunks.embedding} <=> ${literal}::vector`;
  return db
    .select({
      text: knowledgeChunks.text,
      source: knowledgeChunks.source,
      file: storageFiles.name,
      fileDescription: storageFiles.description,
      distance,
    })
    .from(knowledgeChunks)
    .innerJoin(storageFiles, eq(storageFiles.id, knowledgeChunks.fileId))
    .where(and(eq(knowledgeChunks.storageId, storageId), isNotNull(knowledgeChunks.embedding)))
    .orderBy(asc(distance))
    .limit(limit);
}

/** Embeds the question and finds the storage's chunks close enough to it. */
export async function searchKnowledge(
  db: Db,
  llm: Llm,
  storage: KnowledgeSearch['storage'],
  query: string,
  signal?: AbortSignal,
): Promise<KnowledgeSearch> {
  const embedded = await llm.embed({
    model: EMBEDDING_MODEL,
    input: [query],
    dimensions: EMBEDDING_DIMENSIONS,
    ...(signal ? { signal } : {}),
  });
  const vector = embedded.vectors[0];
  if (!vector) return { storage, chunks: [], embeddingTokens: embedded.promptTokens };
  const rows = await nearestChunks(db, storage.id, vector);
  return {
    storage,
    chunks: rows
      .map((row) => ({ ...row, distance: Number(row.distance) }))
      .filter((row) => row.distance <= KNOWLEDGE_MAX_DISTANCE),
    embeddingTokens: embedded.promptTokens,
  };
}
