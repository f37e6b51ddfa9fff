import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { messages } from '../../../db/schema';
import { isVisibleToVisitor, widgetMessageView } from '../../integrations/onchat/view';
import type { WidgetDialogue } from '../../shared/onchat';
import type { WidgetDialogueQuery } from '../../shared/schemas/widget';
import { hit } from '../auth/rate-limit';
import type { ServiceContext } from '../context';
import { findVisitorChat, pendingAnswerAt, visitorRoomUrl } from './visitor-chat';
import type { WidgetAccess } from './widget-access';
import { WIDGET_LIMITS } from './widget-limits';
import { requireVisitor } from './widget-visitor';

/** The newest messages a widget shows. */
const MAX_MESSAGES = 200;
const VISIBLE_AUTHORS = ['customer', 'bot', 'operator'] as const;

/**
 * GET /api/widget/{id}/messages: the visitor's dialogue (customer, bot and operator messages only;
 * the visitor's token required),
 * or with `after` what came after that message; whether an answer is on its way; a fresh room URL.
 */
export async function getWidgetDialogue(
  ctx: ServiceContext,
  access: WidgetAccess,
  query: WidgetDialogueQuery,
): Promise<WidgetDialogue> {
  await hit(ctx.ports.kv, WIDGET_LIMITS.readPerIp, `${access.integration.id}:${ctx.clientIp}`);
  await requireVisitor(ctx, access, query.visitor_id, query.visitor_token);
  const chat = await findVisitorChat(ctx, access, query.visitor_id);
  if (!chat) return { messages: [], answer_due_at: null, room_url: null };
  const { db } = ctx.ports;
  const visible = and(eq(messages.chatId, chat.id), inArray(messages.author, [...VISIBLE_AUTHORS]));
  const [anchor] = query.after
    ? await db
        .select({ seq: messages.seq })
        .from(messages)
        .where(and(eq(messages.chatId, chat.id), eq(messages.id, query.after)))
    : [];
  const rows = anchor
    ? await db
        .select()
        .from(messages)
        .where(and(visible, gt(messages.seq, anchor.seq)))
        .orderBy(asc(messages.seq))
        .limit(MAX_MESSAGES)
    : (
        await db.select().from(messages).where(visible).orderBy(desc(messages.seq)).limit(MAX_MESSAGES)
      ).reverse();
  const [answerDueAt, roomUrl] = await Promise.all([pendingAnswerAt(ctx, chat), visitorRoomUrl(ctx, chat)]);
  return {
    messages: rows.filter(isVisibleToVisitor).map((row) => widgetMessageView(row, ctx.settings.publicUrl)),
    answer_due_at: answerDueAt,
    room_url: roomUrl,
  };
}
