import * as v from 'valibot';
import {
  VISITOR_ID_PATTERN,
  VISITOR_TOKEN_PATTERN,
  WIDGET_MESSAGE_ID_PATTERN,
  WIDGET_MESSAGE_MAX_LENGTH,
} from '../onchat';
import { isUuid } from '../uuid';
import { msg, requiredText } from './fields';

const visitorId = v.pipe(v.string(msg('invalid_value')), v.regex(VISITOR_ID_PATTERN, msg('invalid_value')));
/** Checked against the visitor by the service: a missing or wrong token is a 401, not a form error. */
const visitorToken = v.optional(
  v.pipe(v.string(msg('invalid_value')), v.regex(VISITOR_TOKEN_PATTERN, msg('invalid_value'))),
);

/** GET /api/widget/{id}/config?visitor_id=&visitor_token=: the visitor the page has, if any. */
export const widgetConfigQuerySchema = v.object({
  visitor_id: v.optional(v.pipe(v.string(msg('invalid_value')), v.maxLength(64, msg('invalid_value')))),
  visitor_token: v.optional(v.pipe(v.string(msg('invalid_value')), v.maxLength(64, msg('invalid_value')))),
});

/** POST /api/widget/{id}/messages: the visitor's message; `message_id` makes a retry a no-op. */
export const widgetMessageSchema = v.object({
  visitor_id: visitorId,
  visitor_token: visitorToken,
  message_id: v.pipe(
    v.string(msg('invalid_value')),
    v.regex(WIDGET_MESSAGE_ID_PATTERN, msg('invalid_value')),
  ),
  text: requiredText('message_required', WIDGET_MESSAGE_MAX_LENGTH),
});

/** GET /api/widget/{id}/messages?visitor_id=&visitor_token=&after=: the dialogue, or what came after a message. */
export const widgetDialogueQuerySchema = v.object({
  visitor_id: visitorId,
  visitor_token: visitorToken,
  after: v.optional(v.pipe(v.string(msg('invalid_value')), v.check(isUuid, msg('invalid_value')))),
});

export type WidgetConfigQuery = v.InferOutput<typeof widgetConfigQuerySchema>;
export type WidgetMessageInput = v.InferOutput<typeof widgetMessageSchema>;
export type WidgetDialogueQuery = v.InferOutput<typeof widgetDialogueQuerySchema>;
