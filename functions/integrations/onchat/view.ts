import type { Message } from '../../../db/schema';
import { mediaPath } from '../../services/knowledge/media-link';
import type { WidgetMessage } from '../../shared/onchat';

/** The live room of one widget visitor's chat: only what the visitor may see is sent here. */
export const visitorRoom = (chatId: string) => `visitor:${chatId}`;

export const isVisibleToVisitor = (
  message: Message,
): message is Message & { author: WidgetMessage['author'] } =>
  message.author === 'customer' || message.author === 'bot' || message.author === 'operator';

/** `publicUrl` makes the links of sent files absolute: the widget runs on the customer's site. */
export const widgetMessageView = (
  message: Message & { author: WidgetMessage['author'] },
  publicUrl: string,
): WidgetMessage => ({
  id: message.id,
  author: message.author,
  text: message.text,
  created_at: message.createdAt.toISOString(),
  ...(message.attachments.length > 0
    ? {
        files: message.attachments.map((attachment) => ({
          name: attachment.name,
          kind: attachment.kind,
          url: `${publicUrl}${mediaPath(attachment)}`,
        })),
      }
    : {}),
});
