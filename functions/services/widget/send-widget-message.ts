import { receiveFromIntegration } from '../../engine/integration-inbound';
import { publishToVisitor } from '../../integrations/onchat/send';
import { isVisibleToVisitor, widgetMessageView } from '../../integrations/onchat/view';
import type { WidgetSent } from '../../shared/onchat';
import type { WidgetMessageInput } from '../../shared/schemas/widget';
import { hit } from '../auth/rate-limit';
import type { ServiceContext } from '../context';
import { pendingAnswerAt, visitorRoomUrl } from './visitor-chat';
import type { WidgetAccess } from './widget-access';
import { WIDGET_LIMITS } from './widget-limits';
import { requireVisitor } from './widget-visitor';

/**
 * POST /api/widget/{id}/messages: the visitor's message (with the visitor's token) goes to the bot
 * bound to the widget like any channel's (stored once per message_id, gates, accumulation). Other
 * tabs of the same visitor hear it in the room; the answer follows there too. Past the hourly caps
 * of the widget or the account, messages are refused (429) until the hour is over.
 */
export async function sendWidgetMessage(
  ctx: ServiceContext,
  access: WidgetAccess,
  input: WidgetMessageInput,
): Promise<WidgetSent> {
  const { kv } = ctx.ports;
  const widgetId = access.integration.id;
  await hit(kv, WIDGET_LIMITS.postPerIp, `${widgetId}:${ctx.clientIp}`);
  await requireVisitor(ctx, access, input.visitor_id, input.visitor_token);
  await hit(kv, WIDGET_LIMITS.postPerVisitor, `${widgetId}:${input.visitor_id}`);
  await hit(kv, WIDGET_LIMITS.messagesPerWidget, widgetId);
  await hit(kv, WIDGET_LIMITS.messagesPerAccount, access.integration.accountId);
  const result = await receiveFromIntegration(ctx, access.integration, {
    chatExternalId: input.visitor_id,
    // Prefixed, so a visitor's id can never take the place of the engine's own (bot:…, system:…).
    messageExternalId: `w:${input.message_id}`,
    author: 'customer',
    text: input.text,
  });
  const { chat, message } = result;
  if (!isVisibleToVisitor(message)) throw new Error('a widget message was stored with a hidden author');
  const view = widgetMessageView(message, ctx.settings.publicUrl);
  if (result.isNew) await publishToVisitor(ctx, chat, { type: 'message', message: view });
  const [answerDueAt, roomUrl] = await Promise.all([
    result.isNew ? (result.answerDueAt?.toISOString() ?? null) : pendingAnswerAt(ctx, chat),
    visitorRoomUrl(ctx, chat),
  ]);
  return { message: view, answer_due_at: answerDueAt, room_url: roomUrl };
}
