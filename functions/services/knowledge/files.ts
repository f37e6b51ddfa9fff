import { and, asc, eq } from 'drizzle-orm';
import { type StorageFile, storageFiles } from '../../../db/schema';
import { lockAccount } from '../../engine/holds';
import { AppError, invalidFields, notFound } from '../../shared/app-error';
import {
  allowedExtension,
  extensionOf,
  MAX_ACCOUNT_BYTES,
  MAX_FILE_BYTES,
  MAX_FILE_NAME,
  MAX_FILES_PER_STORAGE,
} from '../../shared/knowledge';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';
import { enqueueIndexing } from './index-job';
import { deleteObjects, objectKey } from './objects';
import { requirePgvector } from './pgvector';
import { ownStorage } from './storages';
import { accountBytes, filesIn } from './usage';
import { fileView } from './views';

const MB = 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  zip: 'application/zip',
};

/** The type we store and serve a file with: by its extension, never what the browser claimed. */
export const contentTypeOf = (name: string) => CONTENT_TYPES[extensionOf(name)] ?? 'application/octet-stream';

/** A file name as shown: no folders, no control characters, bounded. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => char >= ' ' && char !== '\u007f').join('');
  return printable.trim().slice(-MAX_FILE_NAME);
}

export async function listFiles(ctx: AccountContext, storageId: string) {
  const storage = await ownStorage(ctx, storageId);
  const rows = await ctx.ports.db
    .select()
    .from(storageFiles)
    .where(and(eq(storageFiles.storageId, storage.id), eq(storageFiles.accountId, ctx.account.id)))
    .orderBy(asc(storageFiles.createdAt));
  return rows.map(fileView);
}

export interface Upload {
  name: string;
  bytes: Uint8Array;
  description: string;
}

/**
 * Stores an uploaded file. The extension, size, per-storage count and the account's quota are
 * checked first (the quota under the account's lock, so parallel uploads cannot pass it together).
 * The bytes are written before the row, so no row ever lacks its bytes; a refused row deletes
 * them. A document is queued for indexing; a media file is ready at once.
 */
export async function uploadFile(ctx: AccountContext, storageId: string, upload: Upload) {
  const storage = await ownStorage(ctx, storageId);
  if (storage.type === 'vector') await requirePgvector(ctx.ports.db);
  const name = cleanFileName(upload.name);
  if (!name || !allowedExtension(storage.type, name)) {
    throw invalidFields({ file: 'file_extension_invalid' }, 'file_extension_invalid');
  }
  const size = upload.bytes.byteLength;
  if (size === 0) throw invalidFields({ file: 'file_empty' }, 'file_empty');
  if (size > MAX_FILE_BYTES) {
    throw new AppError('payload_too_large', 'file_too_large', { params: { mb: MAX_FILE_BYTES / MB } });
  }
  const { db, clock, files } = ctx.ports;
  const id = crypto.randomUUID();
  const key = objectKey(ctx.account.id, id);
  const contentType = contentTypeOf(name);
  await files.put(key, upload.bytes, contentType);
  let row: StorageFile | undefined;
  try {
    row = await db.transaction(async (tx) => {
      await lockAccount(tx, ctx.account.id);
      if ((await filesIn(tx, ctx.account.id, storage.id)) >= MAX_FILES_PER_STORAGE) {
        throw new AppError('storages_limit', 'files_limit', { params: { max: MAX_FILES_PER_STORAGE } });
      }
      const used = await accountBytes(tx, ctx.account.id);
      if (used + size > MAX_ACCOUNT_BYTES) {
        throw new AppError('storage_quota', 'storage_quota', {
          params: {
            mb: MAX_ACCOUNT_BYTES / MB,
            free: Math.max(0, Math.floor((MAX_ACCOUNT_BYTES - used) / MB)),
          },
        });
      }
      const [inserted] = await tx
        .insert(storageFiles)
        .values({
          id,
          accountId: ctx.account.id,
          storageId: storage.id,
          name,
          description: upload.description,
          sizeBytes: size,
          contentType,
          objectKey: key,
          state: storage.type === 'vector' ? 'pending' : 'ready',
          createdAt: clock.now(),
          indexedAt: storage.type === 'vector' ? null : clock.now(),
        })
        .returning();
      return inserted;
    });
  } catch (error) {
    await deleteObjects(files, [key]);
    throw error;
  }
  if (!row) throw new Error('file insert returned nothing');
  if (row.state === 'pending') await enqueueIndexing(ctx.ports, row.id, 'upload');
  return fileView(row);
}

/** The account's file in the storage, or 404. */
export async function ownFile(ctx: AccountContext, storageId: string, fileId: string): Promise<StorageFile> {
  if (!isUuid(storageId) || !isUuid(fileId)) throw notFound('file_not_found');
  const [row] = await ctx.ports.db
    .select()
    .from(storageFiles)
    .where(
      and(
        eq(storageFiles.id, fileId),
        eq(storageFiles.storageId, storageId),
        eq(storageFiles.accountId, ctx.account.id),
      ),
    );
  if (!row) throw notFound('file_not_found');
  return row;
}

export async function updateFile(
  ctx: AccountContext,
  storageId: string,
  fileId: string,
  input: { name?: string | undefined; description?: string | undefined },
) {
  const file = await ownFile(ctx, storageId, fileId);
  const changes: Partial<StorageFile> = {};
  if (input.name !== undefined) {
    const name = cleanFileName(input.name);
    // A rename keeps the extension: it says how the file was read and how channels send it.
    if (!name || extensionOf(name) !== extensionOf(file.name)) {
      throw invalidFields({ name: 'file_extension_invalid' }, 'file_extension_invalid');
    }
    changes.name = name;
  }
  if (input.description !== undefined) changes.description = input.description;
  if (Object.keys(changes).length === 0) return fileView(file);
  const [row] = await ctx.ports.db
    .update(storageFiles)
    .set(changes)
    .where(eq(storageFiles.id, file.id))
    .returning();
  if (!row) throw notFound('file_not_found');
  return fileView(row);
}

/** Deletes a file, its chunks (by cascade) and its bytes. */
export async function deleteFile(ctx: AccountContext, storageId: string, fileId: string): Promise<void> {
  const file = await ownFile(ctx, storageId, fileId);
  const removed = await ctx.ports.db
    .delete(storageFiles)
    .where(eq(storageFiles.id, file.id))
    .returning({ key: storageFiles.objectKey });
  if (removed.length === 0) throw notFound('file_not_found');
  await deleteObjects(
    ctx.ports.files,
    removed.map((row) => row.key),
  );
}

/** Failures of reading the document: a retry reads it again; others (money, model) continue where they stopped. */
const READ_FAILURES: ReadonlySet<string> = new Set([
  'file_unreadable',
  'file_no_text',
  'file_too_many_chunks',
  'file_too_many_pages',
  'file_too_large_unpacked',
  'file_parse_limit',
]);

/** Indexes a failed document again. */
export async function retryFile(ctx: AccountContext, storageId: string, fileId: string) {
  const file = await ownFile(ctx, storageId, fileId);
  if (file.state !== 'failed') return fileView(file);
  await requirePgvector(ctx.ports.db);
  const [row] = await ctx.ports.db
    .update(storageFiles)
    .set({
      state: file.chunksTotal > 0 && !READ_FAILURES.has(file.error ?? '') ? 'indexing' : 'pending',
      error: null,
    })
    .where(and(eq(storageFiles.id, file.id), eq(storageFiles.state, 'failed')))
    .returning();
  if (!row) return fileView(await ownFile(ctx, storageId, fileId));
  await enqueueIndexing(ctx.ports, row.id, `retry-${crypto.randomUUID()}`);
  return fileView(row);
}
