import { and, asc, count, eq } from 'drizzle-orm';
import { bots, type Storage, storageFiles, storages } from '../../../db/schema';
import { AppError, notFound } from '../../shared/app-error';
import {
  EXTENSIONS,
  MAX_ACCOUNT_BYTES,
  MAX_FILE_BYTES,
  MAX_STORAGES,
  type StorageType,
} from '../../shared/knowledge';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';
import { deleteObjects } from './objects';
import { requirePgvector } from './pgvector';
import { accountBytes, usageByStorage } from './usage';
import { storageView } from './views';

/** The limits the upload form shows before a file is chosen. */
export const limitsView = (usedBytes: number) => ({
  file_bytes: MAX_FILE_BYTES,
  account_bytes: MAX_ACCOUNT_BYTES,
  used_bytes: usedBytes,
  extensions: EXTENSIONS,
});

export async function listStorages(ctx: AccountContext) {
  const { db } = ctx.ports;
  const [rows, usage, used] = await Promise.all([
    db.select().from(storages).where(eq(storages.accountId, ctx.account.id)).orderBy(asc(storages.createdAt)),
    usageByStorage(db, ctx.account.id),
    accountBytes(db, ctx.account.id),
  ]);
  return {
    storages: rows.map((row) => storageView(row, usage.get(row.id) ?? { bytes: 0, files: 0 })),
    limits: limitsView(used),
  };
}

/** The account's storage, or 404 (another account's storage is not found either). */
export async function ownStorage(ctx: AccountContext, id: string): Promise<Storage> {
  if (!isUuid(id)) throw notFound('storage_not_found');
  const [row] = await ctx.ports.db
    .select()
    .from(storages)
    .where(and(eq(storages.id, id), eq(storages.accountId, ctx.account.id)));
  if (!row) throw notFound('storage_not_found');
  return row;
}

export async function createStorage(
  ctx: AccountContext,
  input: { type: StorageType; name: string; description: string },
) {
  const { db, clock } = ctx.ports;
  if (input.type === 'vector') await requirePgvector(db);
  const [existing] = await db
    .select({ n: count() })
    .from(storages)
    .where(eq(storages.accountId, ctx.account.id));
  if ((existing?.n ?? 0) >= MAX_STORAGES)
    throw new AppError('storages_limit', 'storages_limit', { params: { max: MAX_STORAGES } });
  const [row] = await db
    .insert(storages)
    .values({ accountId: ctx.account.id, ...input, createdAt: clock.now() })
    .returning();
  if (!row) throw new Error('storage insert returned nothing');
  return storageView(row, { bytes: 0, files: 0 });
}

export async function updateStorage(
  ctx: AccountContext,
  id: string,
  input: { name?: string | undefined; description?: string | undefined },
) {
  const storage = await ownStorage(ctx, id);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  };
  const [row] =
    Object.keys(changes).length > 0
      ? await ctx.ports.db.update(storages).set(changes).where(eq(storages.id, storage.id)).returning()
      : [storage];
  if (!row) throw notFound('storage_not_found');
  const usage = await usageByStorage(ctx.ports.db, ctx.account.id);
  return storageView(row, usage.get(row.id) ?? { bytes: 0, files: 0 });
}

/**
 * Deletes a storage with its files and chunks; bots that answered from it answer without it. The
 * objects go after the rows, so a failure leaves orphan bytes rather than rows without bytes.
 */
export async function deleteStorage(ctx: AccountContext, id: string): Promise<void> {
  const storage = await ownStorage(ctx, id);
  const keys = await ctx.ports.db.transaction(async (tx) => {
    const files = await tx
      .select({ key: storageFiles.objectKey })
      .from(storageFiles)
      .where(eq(storageFiles.storageId, storage.id));
    await tx
      .update(bots)
      .set({ storageId: null })
      .where(and(eq(bots.accountId, ctx.account.id), eq(bots.storageId, storage.id)));
    const removed = await tx
      .delete(storages)
      .where(eq(storages.id, storage.id))
      .returning({ id: storages.id });
    if (removed.length === 0) throw notFound('storage_not_found');
    return files.map((file) => file.key);
  });
  await deleteObjects(ctx.ports.files, keys);
}
