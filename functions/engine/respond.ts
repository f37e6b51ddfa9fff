import { sql } from 'drizzle-orm';
import type { Account, Bot, Chat, Message } from '../../db/schema';
import { LlmError } from '../ports/llm';
import { priceOf } from '../shared/models';
import { scheduleNewer } from './accumulate';
import { askModel } from './answer';
import { type RecordedOutcome, recordOutcome } from './billing';
import { claimChat, endClaim, renewClaim } from './claim';
import type { EngineContext } from './context';
import { deliverLeftovers, deliverOnce } from './deliver';
import { refusalWith } from './gates';
import { handOver } from './hand-over';
import { releaseHold, tryReserve } from './holds';
import type { RespondPayload } from './job-names';
import { dialogueOf, dialogueSql } from './load';
import { messageView } from './message-view';
import { modelAccessFor } from './model-access';
import { publishToChat } from './publish';
import { failed, refuse } from './refuse';
import { scheduleFollowUp } from './restore';
import { retryLater, scheduleRespond, waitForHolds } from './retry';
import { HoldsBusyError, NoMoneyError, type Turn, withRequiredLines } from './turn';

/**
 * The respond step (ARCHITECTURE §6.4–6.6), run by the `engine.respond` job when the accumulation
 * wait is over. First it delivers what an earlier run stored but could not send. Then it claims the
 * chat (claim.ts): it stands down when a newer customer message waits (that message's job answers
 * all of them) or nothing waits any more, and comes back later while another run holds the chat.
 * Holding the claim it runs the gates again, reserves each model call's price bound (coming back
 * later when only other answers' holds are in the way), asks the model (its tools run only now),
 * and records, bills and sends the reply once; a refusal releases the hold and charges nothing. A model error that
 * may pass is retried through the job with backoff; only the last attempt leaves an error row.
 */
export async function respond(ctx: EngineContext, payload: RespondPayload): Promise<void> {
  const { db, clock } = ctx.ports;
  const claim = await claimChat(db, payload.chatId, payload.upToMessageId, clock.now());
  if (claim.kind === 'gone') return;
  if (claim.leftovers) await deliverLeftovers(ctx, claim.chat);
  if (claim.kind === 'stand_down') return;
  if (claim.kind === 'busy') return scheduleRespond(ctx, payload, claim.until, 'busy');
  const { chat, target } = claim;
  const { bot, account } = claim;
  const run: Run = { ctx, chat: claim.chat, target, waiting: claim.waiting, lease: claim.lease, payload };
  // The bot was deleted meanwhile: nobody answers this chat (the sweeper passes such chats by).
  if (!bot || !account) return void (await endClaim(db, chat.id, claim.lease));
  const recorded = await answer(run, bot, account);
  const after = recorded ? { newest: recorded.newer } : { seq: target.seq };
  await scheduleNewer(ctx, claim.chat, bot, after, claim.lease);
}

interface Run {
  ctx: EngineContext;
  chat: Chat;
  target: Message;
  waiting: Message[];
  lease: string;
  payload: RespondPayload;
}

const base = (run: Run, bot: Bot, account: Account) => ({
  account,
  bot,
  chat: run.chat,
  handled: run.waiting,
  lease: run.lease,
});

/** Answers the run's messages; what the record found when an answer was recorded, else nothing. */
async function answer(run: Run, bot: Bot, account: Account): Promise<RecordedOutcome | undefined> {
  const { ctx, chat, target, lease } = run;
  const { db, clock } = ctx.ports;
  const unanswered = base(run, bot, account);
  // The gates' facts and the dialogue the model reads, in one statement.
  const { refusal, row } = await refusalWith(
    ctx,
    { account, bot, chat, now: clock.now(), upToSeq: target.seq },
    sql`${dialogueSql(chat.id, target.seq)} as dialogue`,
  );
  if (refusal) return void (await refuse(ctx, unanswered, refusal, clock.now()));

  let holdId: string | null = null;
  let calls = 0;
  const access = await modelAccessFor(ctx, account);
  const turn: Turn = {
    ctx,
    ...access,
    account,
    bot,
    chat,
    now: clock.now(),
    waiting: run.waiting,
    variables: { ...chat.variables },
    filled: {},
    stop: null,
    finalText: null,
    actions: [],
    attachments: [],
    notices: [],
    beforeCall: async (priceBound) => {
      const now = clock.now();
      // The claim was taken just before the first call; later calls (after tools) renew it.
      if (calls++ > 0 && !(await renewClaim(db, chat.id, lease, now))) throw new LostClaim();
      // The owner's own key: nothing of ours to pay, so nothing is held.
      if (access.ownKey) return;
      const held = await tryReserve(db, account, priceBound, now, holdId ?? undefined);
      if (held.kind === 'busy') throw new HoldsBusyError();
      if (held.kind === 'short') throw new NoMoneyError();
      holdId = held.holdId;
    },
  };
  let reply: Awaited<ReturnType<typeof askModel>>;
  try {
    reply = await askModel(turn, dialogueOf(row.dialogue));
  } catch (error) {
    if (error instanceof LostClaim) {
      if (holdId) await releaseHold(db, holdId);
      return;
    }
    const outcome = { ...unanswered, holdId };
    // Other answers' holds take the money for now: this one waits for them rather than be lost.
    if (
      error instanceof HoldsBusyError &&
      (await waitForHolds(ctx, run.payload, { lease, holdId, chatId: chat.id }))
    )
      return;
    // Either the answer completes or nothing is charged: the hold is released, the row is free.
    if (error instanceof NoMoneyError || error instanceof HoldsBusyError)
      return void (await refuse(ctx, outcome, 'low_balance', clock.now()));
    if (!(error instanceof LlmError)) {
      if (holdId) await releaseHold(db, holdId);
      throw error;
    }
    if (error.retryable && (await retryLater(ctx, run.payload, error, { lease, holdId, chatId: chat.id })))
      return;
    return void (await failed(ctx, outcome, error, clock.now()));
  }
  if (!reply.text.trim()) {
    const empty = new LlmError('bad_request', 'The model answered with an empty message', {
      retryable: false,
    });
    return void (await failed(ctx, { ...unanswered, holdId }, empty, clock.now()));
  }
  // The team takes over a dialogue the bot stopped in; before the reply is stored, so a retry repeats it (once).
  await handOver(turn);
  const recorded = await recordOutcome(
    ctx,
    {
      ...unanswered,
      holdId,
      event: 'answered',
      response: withRequiredLines(reply.text.trim(), turn.mustSay),
      priceMinor: access.ownKey ? 0 : priceOf(reply.model, reply.usage, account.currency),
      ownKey: access.ownKey,
      model: reply.model,
      usage: reply.usage,
      actions: turn.actions,
      attachments: turn.attachments,
      notices: turn.notices,
      variables: Object.keys(turn.filled).length > 0 ? turn.filled : undefined,
      stop: turn.stop,
      handover: turn.handover,
    },
    clock.now(),
    target.seq,
  );
  if (!recorded?.reply) return;
  const price = { priceMinor: recorded.history.priceMinor, currency: recorded.history.currency };
  for (const notice of recorded.notices)
    await publishToChat(ctx, chat, { type: 'message', message: messageView(notice) });
  await publishToChat(ctx, chat, { type: 'message', message: messageView(recorded.reply, price) });
  if (turn.stop) await publishToChat(ctx, chat, { type: 'state', state: turn.stop.state });
  await deliverOnce(ctx, chat, recorded.reply);
  // A reply that stopped the bot has nothing to follow up; restore.ts checks the rest when it is due.
  if (!turn.stop) await scheduleFollowUp(ctx, chat, bot, recorded.reply);
  return recorded;
}

/** The run's lease ran out and another run took the chat over: this one stops without a trace. */
class LostClaim extends Error {}
