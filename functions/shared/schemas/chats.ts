import * as v from 'valibot';
import { isUuid } from '../uuid';
import { msg, positiveQueryNumber, requiredText } from './fields';

export const CHAT_STATES = ['working', 'stopped', 'paused'] as const;
export const CHATS_PER_PAGE_DEFAULT = 20;
export const CHATS_PER_PAGE_MAX = 100;
/** The most chats one bulk action touches. */
export const CHATS_BULK_MAX = 100;
/** GET /api/chats/{id}: messages per page of a dialogue, newest page first. */
export const CHAT_MESSAGES_PER_PAGE_DEFAULT = 50;
export const CHAT_MESSAGES_PER_PAGE_MAX = 200;
/** The longest operator message. */
export const OPERATOR_MESSAGE_MAX_LENGTH = 4000;
/** SPEC §4, §9: the pauses of the bulk-action list (its shortest is thirty minutes, not ten). */
export const BULK_ACTIONS = ['pause_30m', 'pause_1h', 'pause_1d', 'pause_forever', 'stop', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** GET /api/chats: a search over message texts and external ids, a state, a page. */
export const chatsQuerySchema = v.object({
  search: v.optional(v.pipe(v.string(msg('invalid_value')), v.trim(), v.maxLength(200, msg('too_long'))), ''),
  state: v.optional(v.picklist(CHAT_STATES, msg('invalid_value'))),
  page: v.optional(positiveQueryNumber(1_000_000), '1'),
  per_page: v.optional(positiveQueryNumber(CHATS_PER_PAGE_MAX), String(CHATS_PER_PAGE_DEFAULT)),
});

/**
 * GET /api/chats/{id}?before=&limit=: the newest `limit` messages, or with `before` (a message id,
 * the answer's `next_before`) the `limit` messages before that one.
 */
export const chatMessagesQuerySchema = v.object({
  before: v.optional(v.pipe(v.string(msg('invalid_value')), v.check(isUuid, msg('invalid_value')))),
  limit: v.optional(positiveQueryNumber(CHAT_MESSAGES_PER_PAGE_MAX), String(CHAT_MESSAGES_PER_PAGE_DEFAULT)),
});

/** POST /api/chats/{id}/pause: a SPEC §4 pause code, or null to resume. */
export const pauseChatSchema = v.object({
  code: v.nullable(v.picklist([1, 2, 3, 4] as const, msg('invalid_value'))),
});

/** POST /api/chats/bulk. */
export const bulkChatsSchema = v.object({
  ids: v.pipe(
    v.array(
      v.pipe(v.string(msg('invalid_value')), v.maxLength(64, msg('invalid_value'))),
      msg('invalid_value'),
    ),
    v.minLength(1, msg('invalid_value')),
    v.maxLength(CHATS_BULK_MAX, msg('invalid_value')),
  ),
  action: v.picklist(BULK_ACTIONS, msg('invalid_value')),
});

/** POST /api/chats/{id}/messages: an operator's answer. */
export const operatorMessageSchema = v.object({
  text: requiredText('message_required', OPERATOR_MESSAGE_MAX_LENGTH),
});

export type ChatsQuery = v.InferOutput<typeof chatsQuerySchema>;
export type ChatMessagesQuery = v.InferOutput<typeof chatMessagesQuerySchema>;
export type PauseChatInput = v.InferOutput<typeof pauseChatSchema>;
export type BulkChatsInput = v.InferOutput<typeof bulkChatsSchema>;
export type OperatorMessageInput = v.InferOutput<typeof operatorMessageSchema>;
