import type { Message } from '../../../db/schema';
import type { WidgetMessage } from '../../shared/onchat';

/** The live room of one widget visitor's chat: only what the visitor may see is sent here. */
export const visitorRoom = (chatId: string) => `visitor:${chatId}`;

export const isVisibleToVisitor = (
  message: Message,
): message is Message & { author: WidgetMessage['author'] } =>
  message.author === 'customer' || message.author === 'bot' || message.author === 'operator';

export const widgetMessageView = (message: Message & { author: WidgetMessage['author'] }): WidgetMessage => ({
  id: message.id,
  author: message.author,
  text: message.text,
  created_at: message.createdAt.toISOString(),
});
