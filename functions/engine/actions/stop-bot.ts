import type { BotAction } from '../../shared/schemas/bot-actions';
import { stopFor } from '../chat-state';
import { fillPlaceholders } from '../placeholders';
import { placeholderValues, type ToolResult, type Turn, toolAnswer } from '../turn';
import type { ActionRunner } from './action-runner';

export type StopAction = Extract<BotAction, { type: 'stop_bot' }>;

const REASON = { type: 'string', description: 'Why the bot stops, in a few words' };
const SUMMARY = {
  type: 'string',
  description:
    'For the manager who takes over: what the customer wants, what was agreed, what is open (3–5 sentences)',
};

/** A stop tool's parameters: the reason, and a summary for the team when the bot passes one on. */
export function stopParameters(bot: Turn['bot']): Record<string, unknown> {
  return {
    type: 'object',
    properties: bot.infoTransfer.send_summary ? { reason: REASON, summary: SUMMARY } : { reason: REASON },
    additionalProperties: false,
  };
}

/** What the model said of the stop, kept for the hand-over to the team (engine/hand-over.ts). */
function noteStop(turn: Turn, args: unknown) {
  const given = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 2000) : '');
  turn.handover = { reason: text(given.reason), summary: text(given.summary) };
}

/**
 * The stop-bot action: the bot stops in this chat for the action's period. The reply of this turn
 * is the model's own text, or the bot's stop message when it wrote none.
 */
export function runStopBot(turn: Turn, action: StopAction, modelText: string, args?: unknown): ToolResult {
  noteStop(turn, args);
  turn.stop = stopFor(action.settings.period, action.settings.seconds, turn.now);
  turn.finalText = modelText.trim() || fillPlaceholders(turn.bot.stopMessage, placeholderValues(turn));
  turn.actions.push({ name: action.name, type: 'stop_bot', ok: true, detail: action.settings.period });
  return toolAnswer({ ok: true, stopped: true });
}

/**
 * Automatic stop (SPEC §3 stop_logic): in one of the interruption cases the bot sends its stop
 * message and stops for the bot's stop period.
 */
export function runAutomaticStop(turn: Turn, args?: unknown): ToolResult {
  noteStop(turn, args);
  const { bot_stop_period, bot_stop_period_seconds } = turn.bot.stopLogic;
  turn.stop = stopFor(bot_stop_period, bot_stop_period_seconds, turn.now);
  turn.finalText = fillPlaceholders(turn.bot.stopMessage, placeholderValues(turn));
  turn.actions.push({ name: 'automatic_stop', type: 'stop_bot', ok: true, detail: bot_stop_period });
  return toolAnswer({ ok: true, stopped: true });
}

export const stopBotRunner: ActionRunner<StopAction> = {
  parameters: (_action, turn) => stopParameters(turn.bot),
  run: (turn, action, call) => runStopBot(turn, action, call.modelText, call.arguments),
};
