import { and, eq, inArray } from 'drizzle-orm';
import { type StorageFile, storageFiles, storages } from '../../../db/schema';
import type { Db } from '../../ports/db';
import { isUuid } from '../../shared/uuid';

/** The files among `ids` that are in one of the account's media storages (others' and deleted ones left out). */
export async function ownMediaFiles(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<StorageFile[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ file: storageFiles })
    .from(storageFiles)
    .innerJoin(storages, eq(storages.id, storageFiles.storageId))
    .where(
      and(
        inArray(storageFiles.id, wanted),
        eq(storageFiles.accountId, accountId),
        eq(storages.type, 'media'),
      ),
    );
  return rows.map((row) => row.file);
}
