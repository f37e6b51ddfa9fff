import type { BotAction } from '../../shared/schemas/bot-actions';
import { stopFor } from '../chat-state';
import { fillPlaceholders } from '../placeholders';
import { placeholderValues, type ToolResult, type Turn, toolAnswer } from '../turn';
import type { ActionRunner } from './action-runner';

export type StopAction = Extract<BotAction, { type: 'stop_bot' }>;

export const STOP_PARAMETERS = {
  type: 'object',
  properties: { reason: { type: 'string', description: 'Why the bot stops, in a few words' } },
  additionalProperties: false,
};

/**
 * The stop-bot action: the bot stops in this chat for the action's period. The reply of this turn
 * is the model's own text, or the bot's stop message when it wrote none.
 */
export function runStopBot(turn: Turn, action: StopAction, modelText: string): ToolResult {
  turn.stop = stopFor(action.settings.period, action.settings.seconds, turn.now);
  turn.finalText = modelText.trim() || fillPlaceholders(turn.bot.stopMessage, placeholderValues(turn));
  turn.actions.push({ name: action.name, type: 'stop_bot', ok: true, detail: action.settings.period });
  return toolAnswer({ ok: true, stopped: true });
}

/**
 * Automatic stop (SPEC §3 stop_logic): in one of the interruption cases the bot sends its stop
 * message and stops for the bot's stop period.
 */
export function runAutomaticStop(turn: Turn): ToolResult {
  const { bot_stop_period, bot_stop_period_seconds } = turn.bot.stopLogic;
  turn.stop = stopFor(bot_stop_period, bot_stop_period_seconds, turn.now);
  turn.finalText = fillPlaceholders(turn.bot.stopMessage, placeholderValues(turn));
  turn.actions.push({ name: 'automatic_stop', type: 'stop_bot', ok: true, detail: bot_stop_period });
  return toolAnswer({ ok: true, stopped: true });
}

export const stopBotRunner: ActionRunner<StopAction> = {
  parameters: () => STOP_PARAMETERS,
  run: (turn, action, call) => runStopBot(turn, action, call.modelText),
};
