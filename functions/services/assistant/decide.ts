import { and, eq, sql } from 'drizzle-orm';
import { type AssistantMessage, assistantDialogs, assistantMessages } from '../../../db/schema';
import { AppError, invalidFields, notFound } from '../../shared/app-error';
import { type AssistantProposal, PROPOSAL_FIELDS, type ProposalField } from '../../shared/assistant';
import type { BotSettingsInput } from '../../shared/schemas/bot';
import { isUuid } from '../../shared/uuid';
import { updateBot } from '../bots/bots';
import { createBot } from '../bots/create-bot';
import type { AccountContext } from '../context';
import { ownDialog } from './dialogs';
import { parseChanges } from './proposal';
import { assistantMessageView } from './views';

async function proposalMessage(ctx: AccountContext, dialogId: string, messageId: string) {
  const dialog = await ownDialog(ctx, dialogId);
  if (!isUuid(messageId)) throw notFound('assistant_proposal_not_found');
  const [message] = await ctx.ports.db
    .select()
    .from(assistantMessages)
    .where(and(eq(assistantMessages.id, messageId), eq(assistantMessages.dialogId, dialog.id)));
  if (!message?.proposal) throw notFound('assistant_proposal_not_found');
  return { dialog, message, proposal: message.proposal };
}

/**
 * Takes the proposal for deciding, once: of two decisions at the same moment only one gets it.
 * The state 'deciding' is not shown; a failed apply puts 'pending' back.
 */
async function take(ctx: AccountContext, message: AssistantMessage): Promise<void> {
  const taken = await ctx.ports.db
    .update(assistantMessages)
    .set({ proposal: sql`jsonb_set(${assistantMessages.proposal}, '{state}', '"deciding"')` })
    .where(
      and(eq(assistantMessages.id, message.id), sql`${assistantMessages.proposal}->>'state' = 'pending'`),
    )
    .returning({ id: assistantMessages.id });
  if (taken.length === 0) throw new AppError('proposal_decided');
}

async function settle(ctx: AccountContext, message: AssistantMessage, proposal: AssistantProposal) {
  const [row] = await ctx.ports.db
    .update(assistantMessages)
    .set({ proposal })
    .where(eq(assistantMessages.id, message.id))
    .returning();
  if (!row) throw notFound('assistant_proposal_not_found');
  return assistantMessageView(row);
}

/**
 * Applies a proposal, all of it or the `fields` chosen, through the same services as the editor:
 * a create dialogue's first acceptance creates the bot (later ones improve it), an improve
 * dialogue updates its bot. Only the accepted fields change.
 */
export async function acceptProposal(
  ctx: AccountContext,
  dialogId: string,
  messageId: string,
  fields: readonly string[] | undefined,
) {
  const { dialog, message, proposal } = await proposalMessage(ctx, dialogId, messageId);
  const proposed = Object.keys(proposal.changes) as ProposalField[];
  const chosen = fields === undefined ? proposed : proposed.filter((field) => fields.includes(field));
  if (
    chosen.length === 0 ||
    fields?.some((field) => !(PROPOSAL_FIELDS as readonly string[]).includes(field))
  ) {
    throw invalidFields({ fields: 'invalid_value' });
  }
  const parsed = parseChanges(proposal.changes, chosen);
  if (!parsed.success) throw invalidFields({ fields: 'invalid_value' });
  await take(ctx, message);
  let botId: string;
  try {
    const changes: BotSettingsInput = parsed.output;
    if (dialog.botId) {
      botId = (await updateBot(ctx, dialog.botId, changes)).id;
    } else {
      botId = (await createBot(ctx, changes)).id;
      await ctx.ports.db.update(assistantDialogs).set({ botId }).where(eq(assistantDialogs.id, dialog.id));
    }
  } catch (error) {
    await settle(ctx, message, proposal);
    throw error;
  }
  const view = await settle(ctx, message, { ...proposal, state: 'accepted', accepted: chosen, botId });
  return { bot_id: botId, message: view };
}

export async function rejectProposal(ctx: AccountContext, dialogId: string, messageId: string) {
  const { message, proposal } = await proposalMessage(ctx, dialogId, messageId);
  await take(ctx, message);
  return { message: await settle(ctx, message, { ...proposal, state: 'rejected' }) };
}
