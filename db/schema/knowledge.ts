import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  vector,
} from 'drizzle-orm/pg-core';
import type { Currency } from '../../functions/shared/constants';
import type { FileState, StorageType } from '../../functions/shared/knowledge';
import { EMBEDDING_DIMENSIONS } from '../../functions/shared/models';
import { accounts } from './accounts';

/** A storage (SPEC §3): documents the bot answers from (vector) or files its media action sends (media). */
export const storages = pgTable(
  'storages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').$type<StorageType>().notNull(),
    name: text('name').notNull(),
    /** Tells the bot what the storage holds. */
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('storages_account_idx').on(t.accountId)],
);

/**
 * A file of a storage. The bytes live in the files port under `object_key`. Documents go
 * pending → indexing → ready (or failed with the reason, and can be retried); media files are ready
 * when uploaded.
 */
export const storageFiles = pgTable(
  'storage_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    storageId: uuid('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    objectKey: text('object_key').notNull(),
    state: text('state').$type<FileState>().notNull(),
    /** Why indexing failed, in the user's words (a message key of the API). */
    error: text('error'),
    chunksTotal: integer('chunks_total').notNull().default(0),
    chunksDone: integer('chunks_done').notNull().default(0),
    /** Embedding tokens spent on this file, charged with its indexing. */
    embeddingTokens: integer('embedding_tokens').notNull().default(0),
    /** What indexing it cost, in minor units of the account's currency. */
    indexPriceMinor: bigint('index_price_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }),
  },
  (t) => [
    index('storage_files_storage_idx').on(t.storageId),
    index('storage_files_account_idx').on(t.accountId),
  ],
);

/** A piece of a document's text with its embedding (null until embedded). */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    storageId: uuid('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storageFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    /** Where in the file: a page, a sheet (shown to the model as the chunk's source). */
    source: text('source').notNull().default(''),
    embedding: vector('embedding', { dimensions: EMBEDDING_DIMENSIONS }),
  },
  (t) => [
    unique('knowledge_chunks_position_unique').on(t.fileId, t.position),
    // Searched exactly within one storage (an approximate HNSW index over all accounts would
    // filter by storage after the nearest candidates and miss a small storage's chunks).
    index('knowledge_chunks_storage_idx').on(t.storageId),
  ],
);

/** One storage day billed (SPEC §9): at most one per account and day, written with its ledger row. */
export const storageDays = pgTable(
  'storage_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('storage_days_unique').on(t.accountId, t.day)],
);

export type Storage = typeof storages.$inferSelect;
export type StorageFile = typeof storageFiles.$inferSelect;
