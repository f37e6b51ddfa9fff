import * as v from 'valibot';
import { msg, requiredText } from './fields';

/** The longest message the Check screen sends. */
export const CHECK_MESSAGE_MAX_LENGTH = 4000;

const botId = v.pipe(v.string(msg('invalid_value')), v.maxLength(64, msg('invalid_value')));

/** POST /api/check/messages. */
export const checkMessageSchema = v.object({
  bot_id: botId,
  text: requiredText('message_required', CHECK_MESSAGE_MAX_LENGTH),
});

/** GET and DELETE /api/check/messages?bot_id=. */
export const checkDialogueQuerySchema = v.object({ bot_id: botId });

export type CheckMessageInput = v.InferOutput<typeof checkMessageSchema>;
