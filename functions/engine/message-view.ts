import type { Currency, Message } from '../../db/schema';
import { mediaPath } from '../services/knowledge/media-link';

/** A file sent with a message, with its public link's path (prefix the API's origin). */
export interface AttachmentView {
  name: string;
  kind: 'image' | 'file';
  content_type: string;
  size_bytes: number;
  url: string;
}

/** A chat message as the API and the chat room show it. */
export interface MessageView {
  id: string;
  author: Message['author'];
  text: string;
  created_at: string;
  price_minor: number | null;
  currency: Currency | null;
  attachments: AttachmentView[];
}

export function messageView(
  message: Message,
  price?: { priceMinor: number; currency: Currency },
): MessageView {
  return {
    id: message.id,
    author: message.author,
    text: message.text,
    created_at: message.createdAt.toISOString(),
    price_minor: price ? price.priceMinor : null,
    currency: price ? price.currency : null,
    attachments: message.attachments.map((attachment) => ({
      name: attachment.name,
      kind: attachment.kind,
      content_type: attachment.contentType,
      size_bytes: attachment.sizeBytes,
      url: mediaPath(attachment),
    })),
  };
}
