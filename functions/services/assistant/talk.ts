import { eq } from 'drizzle-orm';
import {
  type AssistantDialog,
  type AssistantMessage,
  assistantDialogs,
  assistantMessages,
  bots,
  integrations,
} from '../../../db/schema';
import { callPriceBound, fitToBudget } from '../../engine/budget';
import { releaseHold, reserve, settleHold, writeCharge } from '../../engine/holds';
import { modelAccessFor } from '../../engine/model-access';
import { LlmError, type LlmMessage } from '../../ports/llm';
import { AppError } from '../../shared/app-error';
import type { AssistantProposal } from '../../shared/assistant';
import { integrationLabel } from '../../shared/integration-catalogue';
import { DEFAULT_MODEL_ID, priceOf, type TokenUsage } from '../../shared/models';
import { type BotSettings, defaultBotSettings } from '../../shared/schemas/bot';
import { grantWelcomeCredit } from '../billing/balance';
import { integrationTypesById } from '../bots/account-integrations';
import { rowSettings } from '../bots/bot-row';
import type { AccountContext } from '../context';
import { dialogMessages, ownDialog } from './dialogs';
import { checkProposal, PROPOSE_TOOL, proposeTool } from './proposal';
import { rexSystemPrompt } from './rex-prompt';
import { assistantMessageView } from './views';

/** Model calls in one answer of Rex: a proposal refused by the checks gets two more tries. */
const MAX_ROUNDS = 3;
const MAX_ANSWER_TOKENS = 4096;

/** The bot the dialogue works on, if it exists (yet), with its settings. */
async function dialogBot(ctx: AccountContext, dialog: AssistantDialog) {
  if (!dialog.botId) return null;
  const [row] = await ctx.ports.db.select().from(bots).where(eq(bots.id, dialog.botId));
  return row ? { name: row.name, settings: rowSettings(row) } : null;
}

/** A stored message as the model reads it: a proposal is named with what became of it. */
function asLlmMessage(message: AssistantMessage): LlmMessage {
  if (message.role === 'user') return { role: 'user', content: message.text };
  const proposal = message.proposal
    ? `\n\n[Proposal: ${message.proposal.summary} — ${message.proposal.state}${
        message.proposal.accepted ? `: ${message.proposal.accepted.join(', ')}` : ''
      }]`
    : '';
  return { role: 'assistant', content: `${message.text}${proposal}` };
}

/**
 * The user writes to Rex and gets the answer (SPEC §2 AI assistant). Rex is the account's model
 * call like a bot's answer: each call's price bound is held on the balance first, the exact price
 * is charged with the stored answer, and an own ChatGPT key pays for itself. A proposal Rex makes
 * is checked as the editor's save would check it and stored with the answer for the user to decide.
 */
export async function talkToRex(ctx: AccountContext, dialogId: string, text: string) {
  const { db, clock } = ctx.ports;
  const dialog = await ownDialog(ctx, dialogId);
  const { account } = ctx;
  await db.insert(assistantMessages).values({
    accountId: account.id,
    dialogId: dialog.id,
    role: 'user',
    text,
    createdAt: clock.now(),
  });
  await db
    .update(assistantDialogs)
    .set({ lastMessageAt: clock.now() })
    .where(eq(assistantDialogs.id, dialog.id));

  const bot = await dialogBot(ctx, dialog);
  const base: BotSettings = bot?.settings ?? defaultBotSettings();
  const types = await integrationTypesById(ctx);
  const connected = await db
    .select({ id: integrations.id, type: integrations.type })
    .from(integrations)
    .where(eq(integrations.accountId, account.id));
  const system = rexSystemPrompt({
    account,
    requestType: dialog.requestType,
    botName: bot?.name ?? null,
    settings: base,
    integrations: connected.map((one) => ({ ...one, label: integrationLabel(one.type) })),
  });
  const history = await dialogMessages(ctx, dialog);
  const messages: LlmMessage[] = [{ role: 'system', content: system }, ...history.map(asLlmMessage)];

  const access = await modelAccessFor(ctx, account);
  if (!access.ownKey) await grantWelcomeCredit(db, account, clock.now());
  const model = DEFAULT_MODEL_ID;
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  let holdId: string | null = null;
  let proposal: AssistantProposal | null = null;
  let answer = '';
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const last = round === MAX_ROUNDS - 1;
      const fitted = fitToBudget(messages, [proposeTool], 1) ?? messages;
      if (!access.ownKey) {
        const bound = callPriceBound(model, fitted, [proposeTool], MAX_ANSWER_TOKENS, account.currency);
        holdId = await reserve(db, account, bound, clock.now(), holdId ?? undefined);
        if (!holdId) throw new AppError('low_balance', 'assistant_low_balance');
      }
      const result = await access.llm.complete({
        model,
        messages: fitted,
        tools: [proposeTool],
        ...(last ? { toolChoice: 'none' as const } : {}),
        maxTokens: MAX_ANSWER_TOKENS,
      });
      usage.promptTokens += result.usage.promptTokens;
      usage.completionTokens += result.usage.completionTokens;
      answer = result.text;
      if (result.toolCalls.length === 0 || last) break;
      messages.push({ role: 'assistant', content: result.text || null, toolCalls: result.toolCalls });
      for (const call of result.toolCalls) {
        const checked =
          call.name === PROPOSE_TOOL
            ? checkProposal(call.arguments, base, types)
            : { ok: false as const, error: `Unknown tool ${call.name}` };
        if (checked.ok) proposal = checked.proposal;
        const reply = checked.ok
          ? {
              ok: true,
              note: 'Shown to the user as a diff; tell them briefly what you propose and wait for their decision',
            }
          : checked;
        messages.push({ role: 'tool', toolCallId: call.id, content: JSON.stringify(reply) });
      }
    }
  } catch (error) {
    if (holdId) await releaseHold(db, holdId);
    if (error instanceof LlmError) throw new AppError('upstream_failed', 'assistant_failed');
    throw error;
  }
  const reply = answer.trim() || proposal?.summary || '…';
  const now = clock.now();
  const stored = await db.transaction(async (tx) => {
    const wanted = access.ownKey ? 0 : priceOf(model, usage, account.currency);
    const price = holdId ? await settleHold(tx, account, holdId, wanted, now) : 0;
    const [row] = await tx
      .insert(assistantMessages)
      .values({
        accountId: account.id,
        dialogId: dialog.id,
        role: 'assistant',
        text: reply,
        proposal,
        priceMinor: price,
        currency: account.currency,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('assistant message insert returned nothing');
    await writeCharge(tx, account, price, { kind: 'charge', comment: `assistant ${dialog.id}` }, now);
    await tx.update(assistantDialogs).set({ lastMessageAt: now }).where(eq(assistantDialogs.id, dialog.id));
    return row;
  });
  return assistantMessageView(stored);
}
