import { and, eq } from 'drizzle-orm';
import { storageFiles } from '../../../db/schema';
import type { AppSettings, Ports } from '../../ports';
import type { StoredObject } from '../../ports/files';
import { hmacHex } from '../../shared/hmac-hex';
import { sameSecret } from '../../shared/same-secret';
import { isUuid } from '../../shared/uuid';

const signingKey = (settings: AppSettings) => `media:${settings.jwtSecret}`;

/**
 * The signature that opens a media file's public link: channels that fetch files by URL (WhatsApp,
 * the widget, the chats screen) get `/api/media/<file>/<signature>/<name>`. Only we can make it; it
 * works while the file exists, so a customer can open a file from an old message.
 */
export const mediaSignature = (settings: AppSettings, fileId: string) =>
  hmacHex(signingKey(settings), `media:${fileId}`);

/** The path of a sent file's public link (prefix the API's origin). */
export const mediaPath = (file: { fileId: string; name: string; signature: string }) =>
  `/api/media/${file.fileId}/${file.signature}/${encodeURIComponent(file.name)}`;

/** The file a media link names, when the signature is ours; otherwise null. */
export async function openMediaLink(
  ports: Ports,
  settings: AppSettings,
  link: { fileId: string; signature: string },
): Promise<(StoredObject & { name: string }) | null> {
  if (!isUuid(link.fileId)) return null;
  if (!sameSecret(link.signature, mediaSignature(settings, link.fileId))) return null;
  return storedFile(ports, link.fileId);
}

/** A file's bytes and name by id (callers have checked the account or a signature). */
export async function storedFile(ports: Ports, fileId: string, accountId?: string) {
  const [file] = await ports.db
    .select()
    .from(storageFiles)
    .where(and(eq(storageFiles.id, fileId), accountId ? eq(storageFiles.accountId, accountId) : undefined));
  if (!file) return null;
  const object = await ports.files.get(file.objectKey);
  return object ? { ...object, name: file.name } : null;
}
