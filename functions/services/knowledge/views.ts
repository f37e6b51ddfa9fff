import type { Storage, StorageFile } from '../../../db/schema';

export interface StorageView {
  id: string;
  type: Storage['type'];
  name: string;
  description: string;
  size_bytes: number;
  files_count: number;
  created_at: string;
}

export const storageView = (row: Storage, usage: { bytes: number; files: number }): StorageView => ({
  id: row.id,
  type: row.type,
  name: row.name,
  description: row.description,
  size_bytes: usage.bytes,
  files_count: usage.files,
  created_at: row.createdAt.toISOString(),
});

export const fileView = (row: StorageFile) => ({
  id: row.id,
  storage_id: row.storageId,
  name: row.name,
  description: row.description,
  size_bytes: row.sizeBytes,
  content_type: row.contentType,
  state: row.state,
  /** A message key saying why indexing failed. */
  error: row.error,
  /** 0..100 while indexing. */
  progress: row.chunksTotal > 0 ? Math.floor((row.chunksDone * 100) / row.chunksTotal) : 0,
  chunks: row.chunksTotal,
  /** What indexing cost so far, in minor units of the account's currency. */
  index_price_minor: row.indexPriceMinor,
  created_at: row.createdAt.toISOString(),
  indexed_at: row.indexedAt?.toISOString() ?? null,
});

export type FileView = ReturnType<typeof fileView>;
