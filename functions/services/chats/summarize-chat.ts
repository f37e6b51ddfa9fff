import { and, desc, eq, inArray } from 'drizzle-orm';
import { type Message, messages } from '../../../db/schema';
import { recordOutcome } from '../../engine/billing';
import { callPriceBound, PROMPT_TOKEN_BUDGET, promptTokenBound } from '../../engine/budget';
import { releaseHold, reserve } from '../../engine/holds';
import { botOfChat } from '../../engine/load';
import { modelAccessFor } from '../../engine/model-access';
import { LlmError, type LlmMessage } from '../../ports/llm';
import { AppError } from '../../shared/app-error';
import { priceOf, resolveModel } from '../../shared/models';
import { hit, type Limit } from '../auth/rate-limit';
import { grantWelcomeCredit } from '../billing/balance';
import type { AccountContext } from '../context';
import { ownChat } from './own-chat';

/** The newest messages a summary reads; older ones rarely change what the dialogue is about. */
const SUMMARY_MESSAGES = 200;
const SUMMARY_MAX_TOKENS = 600;
/** Summaries cost money and a model call each: a few a minute per account is plenty for people. */
export const SUMMARY_LIMIT: Limit = { scope: 'chat-summary:account', max: 10, windowSeconds: 60 };

const AUTHOR_LABEL = { customer: 'Customer', bot: 'Bot', operator: 'Manager', system: 'System' } as const;

const instruction = (lang: AccountContext['lang']) =>
  [
    'You summarise a dialogue between a business (its bot and managers) and a customer.',
    'Write 3–6 short sentences: what the customer wants, what was agreed or answered, what is still open.',
    `Answer in ${lang === 'en' ? 'English' : 'Russian'}, plain text, no headings.`,
  ].join(' ');

/** The request for the newest messages that fit the prompt budget (oldest first). */
function summaryRequest(lang: AccountContext['lang'], newestFirst: Message[]): LlmMessage[] {
  let rows = newestFirst.slice().reverse();
  for (;;) {
    const transcript = rows.map((message) => `${AUTHOR_LABEL[message.author]}: ${message.text}`).join('\n');
    const request: LlmMessage[] = [
      { role: 'system', content: instruction(lang) },
      { role: 'user', content: transcript },
    ];
    if (rows.length <= 1 || promptTokenBound(request, []) <= PROMPT_TOKEN_BUDGET) return request;
    rows = rows.slice(1);
  }
}

/**
 * POST /api/chats/{id}/summary: the dialogue summarised by the bot's model (the default model when
 * the bot was deleted). Charged like an answer: the call's price bound is held first (refused as a
 * low balance when it is not there), and the exact price is written with a History row ('summary').
 * Rate-limited per account. Not stored in the dialogue.
 */
export async function summarizeChat(ctx: AccountContext, id: string) {
  const chat = await ownChat(ctx, id);
  const { db, kv, clock } = ctx.ports;
  await hit(kv, SUMMARY_LIMIT, ctx.account.id);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), inArray(messages.author, ['customer', 'operator', 'bot'])))
    .orderBy(desc(messages.seq))
    .limit(SUMMARY_MESSAGES);
  if (rows.length === 0) return { summary: null };
  const bot = (await botOfChat(db, chat)) ?? null;
  const model = resolveModel(bot?.model).id;
  const request = summaryRequest(ctx.lang, rows);
  const bound = callPriceBound(model, request, [], SUMMARY_MAX_TOKENS, ctx.account.currency);
  const { llm, ownKey } = await modelAccessFor(ctx, ctx.account);
  await grantWelcomeCredit(db, ctx.account, clock.now());
  // With the owner's own key nothing of ours is spent, so nothing is held.
  const holdId = ownKey ? null : await reserve(db, ctx.account, bound, clock.now());
  if (!ownKey && !holdId) throw new AppError('low_balance');
  let summary: string;
  let result: Awaited<ReturnType<typeof llm.complete>>;
  try {
    result = await llm.complete({ model, messages: request, maxTokens: SUMMARY_MAX_TOKENS });
    summary = result.text.trim();
  } catch (error) {
    if (holdId) await releaseHold(db, holdId);
    if (error instanceof LlmError) throw new AppError('upstream_failed', 'chat_summary_failed');
    throw error;
  }
  if (!summary) {
    if (holdId) await releaseHold(db, holdId);
    throw new AppError('upstream_failed', 'chat_summary_failed');
  }
  const usage = { promptTokens: result.usage.promptTokens, completionTokens: result.usage.completionTokens };
  await recordOutcome(
    ctx,
    {
      account: ctx.account,
      bot,
      chat,
      handled: [],
      holdId,
      event: 'summary',
      response: summary,
      storeReply: false,
      priceMinor: ownKey ? 0 : priceOf(model, usage, ctx.account.currency),
      ownKey,
      model,
      usage,
    },
    clock.now(),
  );
  return { summary };
}
