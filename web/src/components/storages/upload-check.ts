import type { StorageType } from '../../../../functions/shared/knowledge';
import { extensionOf } from '../../../../functions/shared/knowledge';
import type { StorageLimits } from '../../api/storages';
import type { MessageId } from '../../i18n/i18n';

/** What the server would refuse, said before the upload starts (SPEC §5 extensions, the size limits). */
export function uploadProblem(
  file: File,
  type: StorageType,
  limits: StorageLimits,
  queuedBytes: number,
): { id: MessageId; values?: Record<string, number> } | null {
  if (!limits.extensions[type].includes(extensionOf(file.name))) return { id: 'file_extension_invalid' };
  if (file.size === 0) return { id: 'file_empty' };
  const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));
  if (file.size > limits.file_bytes) return { id: 'file_too_large', values: { mb: mb(limits.file_bytes) } };
  const free = limits.account_bytes - limits.used_bytes - queuedBytes;
  if (file.size > free)
    return { id: 'storage_quota', values: { mb: mb(limits.account_bytes), free: Math.max(0, mb(free)) } };
  return null;
}
