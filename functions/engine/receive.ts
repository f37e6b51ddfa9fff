import type { Account, Bot, Chat, Message } from '../../db/schema';
import type { Db } from '../ports/db';
import { mayHaveEventWebhooks } from '../services/event-webhooks/emit';
import { nudgeEndpoints } from '../services/event-webhooks/nudge';
import { withoutNul } from '../shared/strip-nul';
import { dueRule, scheduleAnswer } from './accumulate';
import type { CustomerIdentity } from './chats';
import type { EngineContext } from './context';
import type { GateCode } from './events';
import { factsOf, firstRefusal, gateFactsSql, triggerSql } from './gates';
import { acceptInbound } from './inbound';
import { botAndAccountOf, botOfChat } from './load';
import { messageView } from './message-view';
import { applyOperatorMessage, resumeIfDue } from './operator';
import { publishToChat } from './publish';
import { refuse } from './refuse';

/** What a channel adapter hands the engine (ARCHITECTURE §6.1). */
export interface InboundMessage {
  accountId: string;
  /** The bot that serves this chat; null when no bot listens on the channel (stored, not answered). */
  botId: string | null;
  channel: string;
  integrationId: string | null;
  chatExternalId: string;
  messageExternalId: string;
  author: 'customer' | 'operator';
  text: string;
  /** Who the customer is, when the channel says (kept on the chat for the inbox). */
  customer?: CustomerIdentity;
  /** What the channel knows the chat by besides its id (amoCRM's lead): kept on the chat, key by key. */
  refs?: Record<string, string>;
  /** An operator's answer written in Chats: stored undelivered, then sent through the channel once. */
  outgoing?: boolean;
}

export interface InboundResult {
  chat: Chat;
  message: Message;
  /** False for a redelivery: nothing was done again. */
  isNew: boolean;
  /** When the answer is due; null when none is scheduled (refused, operator, redelivery). */
  answerDueAt: Date | null;
  instant: boolean;
  refusal: GateCode | null;
}

/** The chat's bot and account: what the caller had loaded already, the rest in one statement. */
async function knownOrLoaded(db: Db, chat: Chat, known: { bot?: Bot; account?: Account }) {
  const bot = known.bot?.id === chat.botId ? known.bot : undefined;
  const account = known.account?.id === chat.accountId ? known.account : undefined;
  if (bot && account) return { bot, account };
  if (!chat.botId) return { bot: undefined, account };
  if (account) return { bot: await botOfChat(db, chat), account };
  return botAndAccountOf(db, chat);
}

/**
 * A redelivered customer message that is still unanswered may have been stored by a request that
 * failed before its job was enqueued (the channel retries because it got an error): it gets its
 * job now. Were the job there already, the dedup id makes this a no-op.
 */
async function rescheduleIfUnanswered(
  ctx: EngineContext,
  result: InboundResult,
  knownBot: Bot | undefined,
): Promise<InboundResult> {
  const { chat, message } = result;
  if (message.author !== 'customer' || message.answeredAt !== null) return result;
  const bot = knownBot?.id === chat.botId ? knownBot : await botOfChat(ctx.ports.db, chat);
  if (!bot) return result;
  const scheduled = await scheduleAnswer(ctx, chat, bot, message, ctx.ports.clock.now());
  return { ...result, answerDueAt: scheduled.dueAt, instant: scheduled.instant };
}

/**
 * An inbound message: stored once; an operator's applies the stop logic; a customer's passes the
 * gates and schedules the answer, or is refused with a history row.
 */
export async function receiveInbound(
  ctx: EngineContext,
  received: InboundMessage,
  /** The bot and account when the caller has just loaded them (Check does), to spare two reads. */
  known: { bot?: Bot; account?: Account } = {},
): Promise<InboundResult> {
  // Every channel's message enters here: U+0000 in its text, names or refs is dropped once, for all.
  const inbound = withoutNul(received);
  const { db, clock } = ctx.ports;
  const now = clock.now();
  const key = {
    accountId: inbound.accountId,
    channel: inbound.channel,
    integrationId: inbound.integrationId,
    externalId: inbound.chatExternalId,
  };
  // A customer's message to a bot known with its account is stored, its answer's due time set and
  // the gates' facts read, in one statement.
  const serving =
    inbound.author === 'customer' &&
    known.bot?.id === inbound.botId &&
    known.account?.id === inbound.accountId
      ? { bot: known.bot, account: known.account }
      : undefined;
  const accepted = await acceptInbound(
    db,
    {
      key,
      botId: inbound.botId,
      externalId: inbound.messageExternalId,
      author: inbound.author,
      text: inbound.text,
      outgoing: inbound.outgoing,
      customer: inbound.customer,
      refs: inbound.refs,
      due: serving ? dueRule(serving.bot) : undefined,
      events: mayHaveEventWebhooks(known.account?.id === inbound.accountId ? known.account : undefined),
    },
    now,
    serving &&
      ((cte) =>
        gateFactsSql({
          ...serving,
          channel: key.channel,
          integrationId: key.integrationId,
          now,
          trigger: triggerSql(serving.bot, { key, text: inbound.text }),
          cte,
        })),
  );
  await nudgeEndpoints(ctx.ports, accepted.hooked);
  let chat = accepted.chat;
  const { message, isNew } = accepted;
  const result: InboundResult = { chat, message, isNew, answerDueAt: null, instant: false, refusal: null };
  if (!isNew) return rescheduleIfUnanswered(ctx, result, known.bot);
  // The operator's own screen publishes their message once it has also gone out through the channel.
  if (inbound.author === 'customer') {
    await publishToChat(ctx, chat, { type: 'message', message: messageView(message) });
  }

  const { bot, account } = await knownOrLoaded(db, chat, known);
  if (!bot || !account) return result;
  if (inbound.author === 'operator') {
    return { ...result, chat: await applyOperatorMessage(ctx, chat, bot, now) };
  }
  chat = await resumeIfDue(ctx, chat, now);
  // What was read with the storing holds when it was this bot's (a chat keeps the bot it had).
  const read = serving?.bot.id === bot.id;
  const refusal = await firstRefusal(
    ctx,
    { account, bot, chat, now, upToSeq: message.seq },
    read ? factsOf(accepted.alongside) : undefined,
  );
  if (refusal) {
    await refuse(ctx, { account, bot, chat, handled: [message] }, refusal, now);
    return { ...result, chat, refusal };
  }
  const dueAt = read ? (accepted.chat.answerDueAt ?? undefined) : undefined;
  const scheduled = await scheduleAnswer(ctx, chat, bot, message, now, { dueAt });
  return { ...result, chat, answerDueAt: scheduled.dueAt, instant: scheduled.instant };
}
