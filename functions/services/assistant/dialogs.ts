import { and, asc, count, desc, eq } from 'drizzle-orm';
import { type AssistantDialog, assistantDialogs, assistantMessages } from '../../../db/schema';
import { notFound } from '../../shared/app-error';
import { type AssistantRequestType, MAX_ASSISTANT_DIALOGS_PAGE } from '../../shared/assistant';
import { isUuid } from '../../shared/uuid';
import { ownBot } from '../bots/own-bot';
import type { AccountContext } from '../context';
import { assistantMessageView, dialogView } from './views';

/** The history of Rex dialogues, newest activity first, a page at a time. */
export async function listDialogs(ctx: AccountContext, page: number) {
  const where = eq(assistantDialogs.accountId, ctx.account.id);
  const [rows, [total]] = await Promise.all([
    ctx.ports.db
      .select()
      .from(assistantDialogs)
      .where(where)
      .orderBy(desc(assistantDialogs.lastMessageAt), desc(assistantDialogs.id))
      .limit(MAX_ASSISTANT_DIALOGS_PAGE)
      .offset((page - 1) * MAX_ASSISTANT_DIALOGS_PAGE),
    ctx.ports.db.select({ n: count() }).from(assistantDialogs).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    items: rows.map(dialogView),
    page,
    pages: Math.max(1, Math.ceil(totalCount / MAX_ASSISTANT_DIALOGS_PAGE)),
    total: totalCount,
  };
}

export async function ownDialog(ctx: AccountContext, id: string): Promise<AssistantDialog> {
  if (!isUuid(id)) throw notFound('assistant_dialog_not_found');
  const [row] = await ctx.ports.db
    .select()
    .from(assistantDialogs)
    .where(and(eq(assistantDialogs.id, id), eq(assistantDialogs.accountId, ctx.account.id)));
  if (!row) throw notFound('assistant_dialog_not_found');
  return row;
}

/** Starts a dialogue: to create a bot, or to improve one of the account's bots. */
export async function startDialog(
  ctx: AccountContext,
  input: { request_type: AssistantRequestType; bot_id?: string | null | undefined },
) {
  const botId = input.request_type === 'improve' ? (await ownBot(ctx, input.bot_id ?? '')).id : null;
  const now = ctx.ports.clock.now();
  const [row] = await ctx.ports.db
    .insert(assistantDialogs)
    .values({
      accountId: ctx.account.id,
      requestType: input.request_type,
      botId,
      createdAt: now,
      lastMessageAt: now,
    })
    .returning();
  if (!row) throw new Error('dialog insert returned nothing');
  return dialogView(row);
}

export async function dialogMessages(ctx: AccountContext, dialog: AssistantDialog) {
  return ctx.ports.db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.dialogId, dialog.id))
    .orderBy(asc(assistantMessages.seq));
}

export async function getDialog(ctx: AccountContext, id: string) {
  const dialog = await ownDialog(ctx, id);
  const messages = await dialogMessages(ctx, dialog);
  return { ...dialogView(dialog), messages: messages.map(assistantMessageView) };
}
