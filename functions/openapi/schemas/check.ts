import * as v from 'valibot';
import type { getCheckDialogue } from '../../services/check/get-check-dialogue';
import type { sendCheckMessage } from '../../services/check/send-check-message';
import { CHAT_STATES } from '../../shared/schemas/chats';
import { shapeOf } from '../shape-of';
import { messageSchema } from './chats';
import { isoTime } from './common';

const answerDueAt = v.pipe(
  v.nullable(isoTime),
  v.description(
    "When the bot's pending answer is due (it waits to gather more messages); null when none waits.",
  ),
);

export const checkDialogueSchema = shapeOf<Awaited<ReturnType<typeof getCheckDialogue>>>()(
  v.union([
    v.pipe(
      v.object({
        chat_id: v.null(),
        state: v.literal('working'),
        messages: v.pipe(v.array(v.never()), v.description('Empty.')),
        answer_due_at: v.null(),
      }),
      v.description('No message was sent yet.'),
    ),
    v.object({
      chat_id: v.string(),
      state: v.picklist(CHAT_STATES),
      messages: v.pipe(v.array(messageSchema), v.description('The newest 500 messages, oldest first.')),
      answer_due_at: answerDueAt,
    }),
  ]),
);

export const checkMessageResultSchema = shapeOf<Awaited<ReturnType<typeof sendCheckMessage>>>()(
  v.object({
    chat_id: v.string(),
    message: v.object({
      id: v.string(),
      author: v.literal('customer'),
      text: v.string(),
      created_at: isoTime,
    }),
    answer_due_at: answerDueAt,
  }),
);
