import type { AssistantDialog, AssistantMessage } from '../../../db/schema';

export const dialogView = (row: AssistantDialog) => ({
  id: row.id,
  request_type: row.requestType,
  bot_id: row.botId,
  created_at: row.createdAt.toISOString(),
  last_message_at: row.lastMessageAt.toISOString(),
});

export const assistantMessageView = (row: AssistantMessage) => ({
  id: row.id,
  role: row.role,
  text: row.text,
  proposal: row.proposal,
  price_minor: row.role === 'assistant' ? row.priceMinor : null,
  currency: row.role === 'assistant' ? row.currency : null,
  created_at: row.createdAt.toISOString(),
});

export type DialogView = ReturnType<typeof dialogView>;
