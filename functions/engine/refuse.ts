import type { Account, Bot, Chat, Message } from '../../db/schema';
import { channelSender } from '../channels';
import { translate } from '../i18n/translate';
import type { LlmError } from '../ports/llm';
import { recordOutcome } from './billing';
import type { EngineContext } from './context';
import { eventMessageKey, type GateCode } from './events';
import { notifySpendLimit } from './spend-limit';

export interface Unanswered {
  account: Account;
  bot: Bot;
  chat: Chat;
  handled: Message[];
  /** The respond run's claim on the chat and its balance hold, ended with the row (billing.ts). */
  lease?: string;
  holdId?: string | null;
}

/**
 * A gate refused: a free history row with the reason, and the reason shown in Check; a bot that
 * reached its daily spend limit also tells the owner's Telegram recipients (once a day). The row's
 * event names the reason and History translates it in the language of the day, so the row keeps no
 * error text of its own (one written now would stay in today's language and repeat the event).
 */
export async function refuse(ctx: EngineContext, base: Unanswered, code: GateCode, now: Date): Promise<void> {
  const event = `refused_${code}` as const;
  const text = translate(eventMessageKey(event), base.account.lang);
  const recorded = await recordOutcome(ctx, { ...base, event, error: null }, now);
  if (!recorded) return;
  await channelSender(base.chat.channel).explain(ctx, base.chat, text, recorded.history.id);
  if (code === 'spend_limit') await notifySpendLimit(ctx, base.account, base.bot, now);
}

/** The model failed: an error row without a charge (the customer got nothing to pay for). */
export async function failed(
  ctx: EngineContext,
  base: Unanswered,
  error: LlmError,
  now: Date,
): Promise<void> {
  const text = translate(eventMessageKey('llm_error'), base.account.lang);
  const detail = `${text}: ${error.message}`;
  const recorded = await recordOutcome(ctx, { ...base, event: 'llm_error', error: detail }, now);
  if (recorded) await channelSender(base.chat.channel).explain(ctx, base.chat, detail, recorded.history.id);
}
