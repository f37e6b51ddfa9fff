import type { Chat, Message, MessageAttachment } from '../../db/schema';
import type { EngineContext } from '../engine/context';
import type { AppSettings } from '../ports';
import { mediaPath, storedFile } from '../services/knowledge/media-link';

/** The public link of a sent file, for channels that fetch files by URL. */
export const attachmentLink = (settings: AppSettings, attachment: MessageAttachment) =>
  `${settings.publicUrl}${mediaPath(attachment)}`;

/** The file's bytes, for channels that take uploads; null when it was deleted since. */
export async function attachmentBytes(ctx: EngineContext, chat: Chat, attachment: MessageAttachment) {
  const stored = await storedFile(ctx.ports, attachment.fileId, chat.accountId);
  return stored ? { data: stored.body, filename: attachment.name } : null;
}

/**
 * For a channel that sends text only: the message with its files as links below the text, so the
 * customer still gets them.
 */
export function withAttachmentLinks(settings: AppSettings, message: Message): Message {
  if (message.attachments.length === 0) return message;
  const links = message.attachments.map(
    (attachment) => `${attachment.name}: ${attachmentLink(settings, attachment)}`,
  );
  return { ...message, text: [message.text, ...links].filter(Boolean).join('\n') };
}
