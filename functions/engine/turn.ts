import type { Account, Bot, Chat, HistoryAction, Message, MessageAttachment } from '../../db/schema';
import type { Llm } from '../ports/llm';
import { localTime } from '../shared/local-time';
import type { ChatStop } from './chat-state';
import type { EngineContext } from './context';

/** One answer in the making: what the respond step knows and what its tools changed. */
export interface Turn {
  ctx: EngineContext;
  /** The endpoint that answers: ours, or the account's own ChatGPT key (model-access.ts). */
  llm: Llm;
  /** Answering with the account's own key: nothing is held or charged. */
  ownKey: boolean;
  account: Account;
  bot: Bot;
  chat: Chat;
  now: Date;
  /** The customer messages being answered, oldest first. */
  waiting: Message[];
  /** Values filled in earlier answers plus those filled in this one. */
  variables: Record<string, string>;
  /** Only the values this answer filled. */
  filled: Record<string, string>;
  /** A stop decided by a tool; applied when the answer is stored. */
  stop: ChatStop | null;
  /** Set by a stop: the reply to send instead of asking the model again. */
  finalText: string | null;
  /** Set by a stop: what the model said of it, for the team that takes the dialogue over. */
  handover?: { reason: string; summary: string };
  actions: HistoryAction[];
  /** Files the media action attached to the reply. */
  attachments: MessageAttachment[];
  /**
   * Lines for the chat that tools made ("Запись создана: …"): stored as system messages with the
   * answer, before its reply, so they are written once however often the run is retried.
   */
  notices: string[];
  /**
   * Lines the reply must carry to the customer (a payment link a tool made): appended when the
   * model's text leaves one out, so the customer gets it whatever the model wrote.
   */
  mustSay?: string[];
  /**
   * Runs before every model call with the call's price bound: reserves it on the balance (throwing
   * NoMoneyError when the balance cannot pay, HoldsBusyError when other answers' holds take it for now)
   * and keeps the chat's claim alive.
   */
  beforeCall: (priceBoundMinor: number) => Promise<void>;
}

/**
 * The balance cannot pay the next model call: the answer is refused like a low balance, and
 * nothing is charged for the calls it made before (docs/engine.md: refusals cost nothing).
 */
export class NoMoneyError extends Error {}

/**
 * The balance could pay the next call, but holds of other answers in flight take the money now:
 * the answer waits for them (respond.ts schedules it again) instead of being refused.
 */
export class HoldsBusyError extends Error {}

/** What a tool call answers the model (a stop ends the turn through `Turn.finalText`). */
export interface ToolResult {
  content: string;
}

/** Placeholder values: the chat's variables and the built-ins (SPEC §3; bot-problems BUILT_IN_VARIABLES). */
export function placeholderValues(turn: Turn): Record<string, string> {
  const local = localTime(turn.now, turn.bot.conditions.work_time.time_zone);
  return {
    ...turn.variables,
    current_date: local.date,
    current_time: local.time,
    client_name: turn.variables.client_name ?? '',
    chat_id: turn.chat.id,
  };
}

export const toolAnswer = (value: Record<string, unknown>): ToolResult => ({
  content: JSON.stringify(value),
});

/** The reply's text with every line the tools require (Turn.mustSay) that it does not contain yet. */
export function withRequiredLines(text: string, lines: readonly string[] = []): string {
  const missing = [...new Set(lines)].filter((line) => !text.includes(line));
  return [text, ...missing].filter(Boolean).join('\n\n');
}
