import type { Files } from '../../ports/files';
import { safeErrorText } from '../../shared/safe-error';

/** Where a file's bytes are kept: ids only, never the user's file name. */
export const objectKey = (accountId: string, fileId: string) => `${accountId}/${fileId}`;

/** Deletes stored bytes after their rows are gone; a failure leaves orphan bytes, logged, not an error. */
export async function deleteObjects(files: Files, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await files.delete(key);
    } catch (error) {
      console.error(`deleting stored file ${key} failed`, safeErrorText(error));
    }
  }
}
