import { and, eq, gt, inArray } from 'drizzle-orm';
import { type Bot, type Chat, chats, type Message, messages } from '../../db/schema';
import type { Db } from '../ports/db';
import { LlmError, type LlmMessage } from '../ports/llm';
import type { Language } from '../shared/constants';
import { priceOf, requestSampling, resolveModel } from '../shared/models';
import { safeErrorText } from '../shared/safe-error';
import { MAX_ANSWER_TOKENS, type ModelAnswer, overBudget } from './answer';
import { recordOutcome } from './billing';
import { callPriceBound, fitToBudget } from './budget';
import type { EngineContext } from './context';
import { deliverOnce } from './deliver';
import { firstRefusal } from './gates';
import { releaseHold, reserve } from './holds';
import { RESTORE_JOB, type RestorePayload } from './job-names';
import { botAndAccountOf, dialogueUpTo } from './load';
import { messageView } from './message-view';
import { dialogueSinceSwitch, modelAccessFor } from './model-access';
import { fillPlaceholders } from './placeholders';
import { dialogueMessages, systemText } from './prompt';
import { publishToChat } from './publish';
import { failed } from './refuse';
import { NoMoneyError, placeholderValues, type Turn } from './turn';

/** What the bot is told to write when the owner left restoring_dialogue.prompt blank. */
const DEFAULT_FOLLOW_UP: Readonly<Record<Language, string>> = {
  ru: 'Вежливо напомни о себе: коротко вернись к тому, на чём остановился разговор, и предложи помочь дальше. Не повторяй своё прошлое сообщение.',
  en: 'Check in politely: briefly come back to where the conversation stopped and offer further help. Do not repeat your previous message.',
};

/**
 * After a reply is stored (respond.ts): with restoring_dialogue on, the follow-up job is due
 * `after_minutes` later, one per reply (the dedup id). Best effort: the reply has gone out already,
 * and a failed enqueue must not make its job run again, so it is logged only.
 */
export async function scheduleFollowUp(ctx: EngineContext, chat: Chat, bot: Bot, reply: Message) {
  const { enabled, after_minutes } = bot.restoringDialogue;
  if (!enabled) return;
  const payload: RestorePayload = { chatId: chat.id, replyId: reply.id };
  try {
    await ctx.ports.jobs.enqueue({
      name: RESTORE_JOB,
      payload,
      delaySeconds: after_minutes * 60,
      dedupId: `${RESTORE_JOB}:${reply.id}`,
    });
  } catch (error) {
    console.error('scheduling the follow-up failed', safeErrorText(error));
  }
}

/** Whether anyone (customer, operator or bot) wrote in the chat after message `seq`. */
async function writtenAfter(db: Db, chatId: string, seq: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        gt(messages.seq, seq),
        inArray(messages.author, ['customer', 'operator', 'bot']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

function followUpInstruction(turn: Turn, minutes: number, prompt: string): string {
  const own = fillPlaceholders(prompt, placeholderValues(turn)).trim();
  const instruction = own || DEFAULT_FOLLOW_UP[turn.account.lang];
  return [
    '## Follow-up',
    `The customer has not written for ${minutes} minutes since your last message. Write one message to bring the dialogue back, in the language of the dialogue, following this instruction:`,
    instruction,
    'Write only the message to the customer.',
  ].join('\n');
}

/** The bot's usual system prompt and dialogue, then the follow-up instruction; no tools. */
async function askFollowUp(turn: Turn, history: Message[]): Promise<ModelAnswer> {
  const { bot } = turn;
  const { after_minutes, prompt } = bot.restoringDialogue;
  const model = resolveModel(bot.model).id;
  const sampling = requestSampling(model, bot.temperatureMode, bot.temperature);
  const all: LlmMessage[] = [
    { role: 'system', content: systemText(turn) },
    ...dialogueMessages(dialogueSinceSwitch(history, turn.account, [])),
    { role: 'system', content: followUpInstruction(turn, after_minutes, prompt) },
  ];
  const messages = fitToBudget(all, [], all.length - 1);
  if (!messages) throw overBudget();
  await turn.beforeCall(callPriceBound(model, messages, [], MAX_ANSWER_TOKENS, turn.account.currency));
  const result = await turn.llm.complete({
    model,
    messages,
    ...(sampling ? { sampling } : {}),
    maxTokens: MAX_ANSWER_TOKENS,
  });
  const { promptTokens, completionTokens } = result.usage;
  return { text: result.text, usage: { promptTokens, completionTokens }, model };
}

/**
 * The `engine.restore` job (SPEC §3 restoring_dialogue): the customer has been quiet since the bot's
 * reply for `after_minutes`, so the bot writes once more. It stands down without a trace when anyone
 * wrote after that reply (a follow-up is a bot message too, so there is one per silence), when the
 * setting is off now, or when a gate would refuse the chat now. The follow-up is stored, billed and
 * written to history in one transaction keyed by the reply, then published and delivered once.
 */
export async function restoreDialogue(ctx: EngineContext, payload: RestorePayload): Promise<void> {
  const { db, clock } = ctx.ports;
  const [chat] = await db.select().from(chats).where(eq(chats.id, payload.chatId));
  if (!chat) return;
  const [reply] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, payload.replyId), eq(messages.chatId, chat.id), eq(messages.author, 'bot')));
  if (!reply || (await writtenAfter(db, chat.id, reply.seq))) return;
  const { bot, account } = await botAndAccountOf(db, chat);
  if (!bot || !account || !bot.restoringDialogue.enabled) return;
  const now = clock.now();
  if (await firstRefusal(ctx, { account, bot, chat, now, upToSeq: reply.seq })) return;

  const base = { account, bot, chat, handled: [] };
  let holdId: string | null = null;
  const access = await modelAccessFor(ctx, account);
  const turn: Turn = {
    ctx,
    ...access,
    account,
    bot,
    chat,
    now,
    waiting: [],
    variables: { ...chat.variables },
    filled: {},
    stop: null,
    finalText: null,
    actions: [],
    attachments: [],
    notices: [],
    beforeCall: async (priceBound) => {
      if (access.ownKey) return;
      holdId = await reserve(db, account, priceBound, clock.now());
      if (!holdId) throw new NoMoneyError();
    },
  };
  let answer: ModelAnswer;
  try {
    answer = await askFollowUp(turn, await dialogueUpTo(db, chat.id, reply.seq));
  } catch (error) {
    // Without the money for it, there is no follow-up; the silence is not worth an error row.
    if (error instanceof NoMoneyError) return;
    if (error instanceof LlmError) return failed(ctx, { ...base, holdId }, error, clock.now());
    if (holdId) await releaseHold(db, holdId);
    throw error;
  }
  const text = answer.text.trim();
  if (!text) {
    const empty = new LlmError('bad_request', 'The model answered with an empty message', {
      retryable: false,
    });
    return failed(ctx, { ...base, holdId }, empty, clock.now());
  }
  // The customer may have written while the model was thinking: then their message is answered instead.
  if (await writtenAfter(db, chat.id, reply.seq)) {
    if (holdId) await releaseHold(db, holdId);
    return;
  }
  const recorded = await recordOutcome(
    ctx,
    {
      ...base,
      holdId,
      event: 'follow_up',
      response: text,
      priceMinor: access.ownKey ? 0 : priceOf(answer.model, answer.usage, account.currency),
      ownKey: access.ownKey,
      model: answer.model,
      usage: answer.usage,
      attachments: turn.attachments,
      notices: turn.notices,
      replyExternalId: `follow_up:${reply.id}`,
    },
    clock.now(),
  );
  if (!recorded?.reply) return;
  const price = { priceMinor: recorded.history.priceMinor, currency: recorded.history.currency };
  for (const notice of recorded.notices)
    await publishToChat(ctx, chat, { type: 'message', message: messageView(notice) });
  await publishToChat(ctx, chat, { type: 'message', message: messageView(recorded.reply, price) });
  await deliverOnce(ctx, chat, recorded.reply);
}
