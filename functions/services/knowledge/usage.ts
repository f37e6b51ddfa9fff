import { and, count, eq, sql } from 'drizzle-orm';
import { storageFiles } from '../../../db/schema';
import type { Tx } from '../../engine/holds';
import type { Db } from '../../ports/db';

/** Bytes and files per storage of an account. */
export async function usageByStorage(
  db: Db,
  accountId: string,
): Promise<Map<string, { bytes: number; files: number }>> {
  const rows = await db
    .select({
      storageId: storageFiles.storageId,
      bytes: sql<string>`coalesce(sum(${storageFiles.sizeBytes}), 0)`,
      files: count(),
    })
    .from(storageFiles)
    .where(eq(storageFiles.accountId, accountId))
    .groupBy(storageFiles.storageId);
  return new Map(rows.map((row) => [row.storageId, { bytes: Number(row.bytes), files: row.files }]));
}

/** Bytes in all storages of an account (the quota and the daily bill). */
export async function accountBytes(db: Db | Tx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${storageFiles.sizeBytes}), 0)` })
    .from(storageFiles)
    .where(eq(storageFiles.accountId, accountId));
  return Number(row?.bytes ?? 0);
}

export async function filesIn(db: Db | Tx, accountId: string, storageId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(storageFiles)
    .where(and(eq(storageFiles.accountId, accountId), eq(storageFiles.storageId, storageId)));
  return row?.n ?? 0;
}
