import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Account, accounts, knowledgeChunks, type StorageFile, storageFiles } from '../../../db/schema';
import { releaseHold, reserve, settleHold, writeCharge } from '../../engine/holds';
import type { Ports } from '../../ports';
import { LlmError } from '../../ports/llm';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL, embeddingPriceOf } from '../../shared/models';
import { grantWelcomeCredit } from '../billing/balance';
import type { ReadFailure } from './limits';
import { hasPgvector } from './pgvector';

export const INDEX_JOB = 'knowledge.index';
/** Texts in one embeddings request. */
export const EMBEDDING_BATCH = 64;
/** Batches one run of the job embeds before it hands the rest to its next run (Workers' time limits). */
const BATCHES_PER_RUN = 8;
const INSERT_BATCH = 500;

export type IndexFailure =
  | ReadFailure
  | 'knowledge_low_balance'
  | 'knowledge_model_failed'
  | 'knowledge_unavailable'
  | 'knowledge_not_configured';

export async function enqueueIndexing(ports: Ports, fileId: string, step: string): Promise<void> {
  await ports.jobs.enqueue({
    name: INDEX_JOB,
    payload: { fileId },
    dedupId: `index-${fileId}-${step}`,
    groupKey: `index-${fileId}`,
  });
}

async function fail(ports: Ports, file: StorageFile, reason: IndexFailure): Promise<void> {
  await ports.db
    .update(storageFiles)
    .set({ state: 'failed', error: reason })
    .where(and(eq(storageFiles.id, file.id), inArray(storageFiles.state, ['pending', 'indexing'])));
}

/**
 * Parses the document into chunks (replacing those of an earlier attempt) through the parser port,
 * which reads it within the limits and off the event loop; false when it failed.
 */
async function splitIntoChunks(ports: Ports, file: StorageFile): Promise<boolean> {
  const object = await ports.files.get(file.objectKey);
  if (!object) {
    await fail(ports, file, 'file_unreadable');
    return false;
  }
  const outcome = await ports.parser.parse(file.name, object.body);
  if (!outcome.ok) {
    await fail(ports, file, outcome.reason);
    return false;
  }
  const { chunks } = outcome;
  await ports.db.transaction(async (tx) => {
    await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.fileId, file.id));
    for (let from = 0; from < chunks.length; from += INSERT_BATCH) {
      await tx.insert(knowledgeChunks).values(
        chunks.slice(from, from + INSERT_BATCH).map((chunk, i) => ({
          accountId: file.accountId,
          storageId: file.storageId,
          fileId: file.id,
          position: from + i,
          text: chunk.text,
          source: chunk.source,
        })),
      );
    }
    await tx
      .update(storageFiles)
      .set({ state: 'indexing', chunksTotal: chunks.length, chunksDone: 0, embeddingTokens: 0 })
      .where(eq(storageFiles.id, file.id));
  });
  return true;
}

/** An upper bound of a batch's embedding tokens: no tokenizer makes more than one token per character. */
const tokenBound = (texts: string[]) => texts.reduce((sum, text) => sum + text.length, 0);

const vectorLiteral = (vector: number[]) => `[${vector.join(',')}]`;

/**
 * Embeds one batch of the file's chunks not embedded yet: the price bound is held on the balance
 * first, the exact price is charged with the vectors in one transaction. Chunks another run
 * embedded meanwhile are neither written again nor charged. Returns false when the file failed.
 */
async function embedBatch(
  ports: Ports,
  file: StorageFile,
  account: Account,
): Promise<'done' | 'more' | 'failed'> {
  const { db, clock } = ports;
  const batch = await db
    .select({ id: knowledgeChunks.id, text: knowledgeChunks.text })
    .from(knowledgeChunks)
    .where(and(eq(knowledgeChunks.fileId, file.id), isNull(knowledgeChunks.embedding)))
    .orderBy(asc(knowledgeChunks.position))
    .limit(EMBEDDING_BATCH);
  if (batch.length === 0) return 'done';
  const texts = batch.map((chunk) => chunk.text);
  const holdId = await reserve(
    db,
    account,
    embeddingPriceOf(tokenBound(texts), account.currency),
    clock.now(),
  );
  if (!holdId) {
    await fail(ports, file, 'knowledge_low_balance');
    return 'failed';
  }
  let result: Awaited<ReturnType<Ports['llm']['embed']>>;
  try {
    result = await ports.llm.embed({
      model: EMBEDDING_MODEL,
      input: texts,
      dimensions: EMBEDDING_DIMENSIONS,
    });
  } catch (error) {
    await releaseHold(db, holdId);
    if (!(error instanceof LlmError) || error.retryable) throw error;
    await fail(
      ports,
      file,
      error.code === 'not_configured' ? 'knowledge_not_configured' : 'knowledge_model_failed',
    );
    return 'failed';
  }
  await db.transaction(async (tx) => {
    let written = 0;
    for (const [i, chunk] of batch.entries()) {
      const vector = result.vectors[i];
      if (!vector || vector.length !== EMBEDDING_DIMENSIONS) throw new Error('embedding of unexpected size');
      const updated = await tx
        .update(knowledgeChunks)
        .set({ embedding: sql`${vectorLiteral(vector)}::vector` })
        .where(and(eq(knowledgeChunks.id, chunk.id), isNull(knowledgeChunks.embedding)))
        .returning({ id: knowledgeChunks.id });
      written += updated.length;
    }
    const tokens = Math.ceil((result.promptTokens * written) / batch.length);
    const price = await settleHold(
      tx,
      account,
      holdId,
      embeddingPriceOf(tokens, account.currency),
      clock.now(),
    );
    await writeCharge(tx, account, price, { kind: 'storage', comment: `index ${file.id}` }, clock.now());
    await tx
      .update(storageFiles)
      .set({
        chunksDone: sql`${storageFiles.chunksDone} + ${written}`,
        embeddingTokens: sql`${storageFiles.embeddingTokens} + ${tokens}`,
        indexPriceMinor: sql`${storageFiles.indexPriceMinor} + ${price}`,
      })
      .where(eq(storageFiles.id, file.id));
  });
  return 'more';
}

/**
 * The `knowledge.index` job: parses a pending document into chunks, then embeds them a batch at a
 * time, BATCHES_PER_RUN per run, queueing its next run until every chunk has its vector; then the
 * file is ready. Safe to deliver twice: each step looks at what is stored, not at what it was told.
 */
export async function indexFile(ports: Ports, fileId: string): Promise<void> {
  const { db, clock } = ports;
  const [found] = await db
    .select({ file: storageFiles, account: accounts })
    .from(storageFiles)
    .innerJoin(accounts, eq(accounts.id, storageFiles.accountId))
    .where(eq(storageFiles.id, fileId));
  if (!found || (found.file.state !== 'pending' && found.file.state !== 'indexing')) return;
  const { file, account } = found;
  if (!(await hasPgvector(db))) {
    await fail(ports, file, 'knowledge_unavailable');
    return;
  }
  if (file.state === 'pending' && !(await splitIntoChunks(ports, file))) return;
  await grantWelcomeCredit(db, account, clock.now());
  for (let run = 0; run < BATCHES_PER_RUN; run++) {
    const step = await embedBatch(ports, file, account);
    if (step === 'failed') return;
    if (step === 'done') {
      await db
        .update(storageFiles)
        .set({ state: 'ready', indexedAt: clock.now() })
        .where(and(eq(storageFiles.id, file.id), eq(storageFiles.state, 'indexing')));
      return;
    }
  }
  const [progress] = await db
    .select({ done: storageFiles.chunksDone })
    .from(storageFiles)
    .where(eq(storageFiles.id, file.id));
  await enqueueIndexing(ports, file.id, `at-${progress?.done ?? 0}`);
}
