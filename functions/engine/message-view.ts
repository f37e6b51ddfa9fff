import type { Currency, Message } from '../../db/schema';

/** A chat message as the API and the chat room show it. */
export interface MessageView {
  id: string;
  author: Message['author'];
  text: string;
  created_at: string;
  price_minor: number | null;
  currency: Currency | null;
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
  };
}
