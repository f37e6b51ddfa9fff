import * as v from 'valibot';
import type { listStorages } from '../../services/knowledge/storages';
import type { FileView, StorageView } from '../../services/knowledge/views';
import { FILE_STATES, STORAGE_TYPES } from '../../shared/knowledge';
import { shapeOf } from '../shape-of';
import { isoTime } from './common';

export const storageSchema = shapeOf<StorageView>()(
  v.object({
    id: v.string(),
    type: v.pipe(
      v.picklist(STORAGE_TYPES),
      v.description('vector: documents the bot searches for answers; media: files the bot sends.'),
    ),
    name: v.string(),
    description: v.string(),
    size_bytes: v.number(),
    files_count: v.number(),
    created_at: isoTime,
  }),
);

export const storageListSchema = shapeOf<Awaited<ReturnType<typeof listStorages>>>()(
  v.object({
    storages: v.array(storageSchema),
    limits: v.pipe(
      v.object({
        file_bytes: v.pipe(v.number(), v.description('The largest file.')),
        account_bytes: v.pipe(v.number(), v.description('All files of the account together.')),
        used_bytes: v.number(),
        extensions: v.pipe(
          v.pipe(
            v.object({
              vector: v.pipe(v.array(v.string()), v.readonly()),
              media: v.pipe(v.array(v.string()), v.readonly()),
            }),
            v.readonly(),
          ),
          v.description('The file extensions each storage type takes.'),
        ),
      }),
      v.description('The upload limits.'),
    ),
  }),
);

export const fileSchema = shapeOf<FileView>()(
  v.object({
    id: v.string(),
    storage_id: v.string(),
    name: v.string(),
    description: v.string(),
    size_bytes: v.number(),
    content_type: v.string(),
    state: v.pipe(
      v.picklist(FILE_STATES),
      v.description(
        'A document is pending, then indexing, then ready or failed; a media file is ready at once.',
      ),
    ),
    error: v.pipe(v.nullable(v.string()), v.description('Why indexing failed (a message key).')),
    progress: v.pipe(v.number(), v.description('0–100 while indexing.')),
    chunks: v.number(),
    index_price_minor: v.pipe(
      v.number(),
      v.description("What indexing cost so far, in minor units of the account's currency."),
    ),
    created_at: isoTime,
    indexed_at: v.nullable(isoTime),
  }),
);

export const fileListSchema = v.array(fileSchema);
