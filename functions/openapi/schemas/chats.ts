import * as v from 'valibot';
import type { AttachmentView, MessageView } from '../../engine/message-view';
import type { bulkChats } from '../../services/chats/bulk-chats';
import type { ChatView } from '../../services/chats/chat-view';
import type { getChat } from '../../services/chats/get-chat';
import type { listChats } from '../../services/chats/list-chats';
import type { LiveRoom } from '../../services/chats/live-chats';
import type { sendOperatorMessage } from '../../services/chats/send-operator-message';
import type { stopView } from '../../services/chats/set-chat-stop';
import type { summarizeChat } from '../../services/chats/summarize-chat';
import { CURRENCIES } from '../../shared/constants';
import { BULK_ACTIONS, CHAT_STATES } from '../../shared/schemas/chats';
import { shapeOf } from '../shape-of';
import { isoTime, page } from './common';

/** Who wrote a message. */
export const messageAuthor = v.picklist(['customer', 'operator', 'bot', 'system']);

export const chatSchema = shapeOf<ChatView>()(
  v.object({
    id: v.pipe(v.string(), v.description('The chat id (uuid).')),
    bot: v.nullable(v.object({ id: v.string(), name: v.string() })),
    channel: v.pipe(v.string(), v.description('telegram, widget, wazzup, amocrm, …')),
    external_id: v.pipe(v.string(), v.description("The conversation's id in its channel.")),
    customer: v.object({
      name: v.nullable(v.string()),
      phone: v.nullable(v.string()),
      username: v.nullable(v.string()),
    }),
    state: v.picklist(CHAT_STATES),
    pause_code: v.nullable(v.picklist([1, 2, 3, 4])),
    paused_until: v.nullable(isoTime),
    last_message: v.nullable(v.object({ text: v.string(), author: messageAuthor, created_at: isoTime })),
    last_message_at: isoTime,
    unread: v.pipe(
      v.number(),
      v.description("The customer's messages after the last one the owner has seen."),
    ),
  }),
);

export const chatListSchema = shapeOf<Awaited<ReturnType<typeof listChats>>>()(
  v.object({ items: v.array(chatSchema), ...page }),
);

const currency = v.picklist(CURRENCIES);

/** A file sent with a message. */
export const attachmentSchema = shapeOf<AttachmentView>()(
  v.object({
    name: v.string(),
    kind: v.picklist(['image', 'file']),
    content_type: v.string(),
    size_bytes: v.number(),
    url: v.pipe(v.string(), v.description("The file's public link path; prefix the API's origin.")),
  }),
);

/** One message of a dialogue. */
export const messageSchema = shapeOf<MessageView>()(
  v.object({
    id: v.string(),
    author: messageAuthor,
    text: v.string(),
    created_at: isoTime,
    price_minor: v.pipe(
      v.nullable(v.number()),
      v.description("A bot answer's price in minor units (kopecks, cents); null for other messages."),
    ),
    currency: v.nullable(currency),
    attachments: v.array(attachmentSchema),
  }),
);

export const chatWithMessagesSchema = shapeOf<Awaited<ReturnType<typeof getChat>>>()(
  v.object({
    ...chatSchema.entries,
    messages: v.pipe(v.array(messageSchema), v.description('One page of the dialogue, oldest first.')),
    next_before: v.pipe(
      v.nullable(v.string()),
      v.description('Pass as `before` for the older page; null at the start of the dialogue.'),
    ),
  }),
);

/** A chat's bot state after a change. */
export const chatStateSchema = shapeOf<ReturnType<typeof stopView>>()(
  v.object({
    id: v.string(),
    state: v.picklist(CHAT_STATES),
    pause_code: v.nullable(v.picklist([1, 2, 3, 4])),
    paused_until: v.nullable(isoTime),
  }),
);

export const bulkChatsResultSchema = shapeOf<Awaited<ReturnType<typeof bulkChats>>>()(
  v.object({
    action: v.picklist(BULK_ACTIONS),
    count: v.pipe(v.number(), v.description('Chats changed.')),
  }),
);

export const operatorMessageResultSchema = shapeOf<Awaited<ReturnType<typeof sendOperatorMessage>>>()(
  v.object({ message: messageSchema, ...chatStateSchema.entries }),
);

export const liveRoomSchema = shapeOf<LiveRoom>()(
  v.object({
    url: v.pipe(v.string(), v.description('A WebSocket address with a short-lived token for the room.')),
  }),
);

export const chatSummarySchema = shapeOf<Awaited<ReturnType<typeof summarizeChat>>>()(
  v.object({
    summary: v.pipe(v.nullable(v.string()), v.description('Null when the chat has no messages yet.')),
  }),
);
