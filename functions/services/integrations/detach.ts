import type { Bot } from '../../../db/schema';
import type { BotAction } from '../../shared/schemas/bot-actions';

type BotLinks = Pick<Bot, 'conditions' | 'actions'>;

const actionUses = (action: BotAction, id: string): boolean =>
  'integration_id' in action.settings && action.settings.integration_id === id;

/** Whether a bot answers through integration `id` or has actions that work through it. */
export const botUsesIntegration = (bot: BotLinks, id: string): boolean =>
  bot.conditions.channels.includes(id) || bot.actions.some((action) => actionUses(action, id));

/**
 * The bot without integration `id` (SPEC §4): it leaves the channels, and actions that worked
 * through it keep their settings with no integration chosen, which the bot's problems then report.
 */
export function withoutIntegration(bot: BotLinks, id: string): BotLinks {
  return {
    conditions: { ...bot.conditions, channels: bot.conditions.channels.filter((channel) => channel !== id) },
    actions: bot.actions.map((action) =>
      actionUses(action, id)
        ? ({ ...action, settings: { ...action.settings, integration_id: null } } as BotAction)
        : action,
    ),
  };
}
