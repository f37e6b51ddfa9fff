import { and, eq } from 'drizzle-orm';
import { chats, messages } from '../../db/schema';
import { channelSender } from '../channels';
import { LlmError } from '../ports/llm';
import { priceOf } from '../shared/models';
import { askModel } from './answer';
import { recordOutcome } from './billing';
import type { EngineContext } from './context';
import { firstRefusal } from './gates';
import type { RespondPayload } from './job-names';
import { accountOf, botOfChat, dialogueUpTo, newerWaiting, waitingUpTo } from './load';
import { messageView } from './message-view';
import { publishToChat } from './publish';
import { failed, refuse } from './refuse';
import { scheduleFollowUp } from './restore';
import type { Turn } from './turn';

/**
 * The respond step (ARCHITECTURE §6.4–6.6), run by the `engine.respond` job when the accumulation
 * wait is over. It stands down when a newer customer message waits (that message's job answers all
 * of them) or when nothing waits any more (answered already, taken over, cleared). Otherwise it runs
 * the gates again, asks the model, and stores, bills and sends the reply once; with
 * restoring_dialogue on, the reply schedules its follow-up (restore.ts).
 */
export async function respond(ctx: EngineContext, payload: RespondPayload): Promise<void> {
  const { db, clock } = ctx.ports;
  const [chat] = await db.select().from(chats).where(eq(chats.id, payload.chatId));
  if (!chat) return;
  const [target] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, payload.upToMessageId), eq(messages.chatId, chat.id)));
  if (!target || (await newerWaiting(db, chat.id, target.seq))) return;
  const waiting = await waitingUpTo(db, chat.id, target.seq);
  if (waiting.length === 0) return;
  const [bot, account] = await Promise.all([botOfChat(db, chat), accountOf(db, chat.accountId)]);
  if (!bot || !account) return;

  const base = { account, bot, chat, handled: waiting };
  const refusal = await firstRefusal(ctx, { account, bot, chat, now: clock.now(), upToSeq: target.seq });
  if (refusal) return refuse(ctx, base, refusal, clock.now());

  const turn: Turn = {
    ctx,
    account,
    bot,
    chat,
    now: clock.now(),
    waiting,
    variables: { ...chat.variables },
    filled: {},
    stop: null,
    finalText: null,
    actions: [],
  };
  let answer: Awaited<ReturnType<typeof askModel>>;
  try {
    answer = await askModel(turn, await dialogueUpTo(db, chat.id, target.seq));
  } catch (error) {
    if (error instanceof LlmError) return failed(ctx, base, error, clock.now());
    throw error;
  }
  if (!answer.text.trim()) {
    const empty = new LlmError('bad_request', 'The model answered with an empty message', {
      retryable: false,
    });
    return failed(ctx, base, empty, clock.now());
  }
  const recorded = await recordOutcome(
    ctx,
    {
      ...base,
      event: 'answered',
      response: answer.text.trim(),
      priceMinor: priceOf(answer.model, answer.usage, account.currency),
      model: answer.model,
      usage: answer.usage,
      actions: turn.actions,
      variables: Object.keys(turn.filled).length > 0 ? turn.filled : undefined,
      stop: turn.stop,
    },
    clock.now(),
  );
  if (!recorded?.reply) return;
  const price = { priceMinor: recorded.history.priceMinor, currency: recorded.history.currency };
  await publishToChat(ctx, chat, { type: 'message', message: messageView(recorded.reply, price) });
  if (turn.stop) await publishToChat(ctx, chat, { type: 'state', state: turn.stop.state });
  await channelSender(chat.channel).deliver(ctx, chat, recorded.reply);
  // A reply that stopped the bot has nothing to follow up; restore.ts checks the rest when it is due.
  if (!turn.stop) await scheduleFollowUp(ctx, chat, bot, recorded.reply);
}
